// Builds when dist/ is missing or older than any source it is made from (used by npm start and npm test).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const stamp = join(root, 'dist/.build-stamp')
const sources = ['src', 'views', 'migrations', 'scripts', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

// A built image (Dockerfile's runtime stage) holds dist/ and no sources: nothing to build from, nothing to do.
if (!existsSync(join(root, 'src')) && existsSync(join(root, 'dist/server'))) process.exit(0)

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
const changed = Math.max(...sources.map((s) => newest(join(root, s))))
if (changed > built) {
  console.log('Building (sources changed since the last build)…')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
  writeFileSync(stamp, new Date().toISOString())
}
