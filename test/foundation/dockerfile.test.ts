// Issue 14: the image did not build (its build stage never copied public/, which the Vite plugin
// reads) and its health check ignored PORT. No Docker engine runs here, so the Dockerfile is checked
// by what it says: its COPY lines against what `npm run build` and the server read, .dockerignore
// against both, its health check run against a server on another port, and its build and start
// replayed in folders holding exactly what each stage copies.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import t from 'tap'
import ts from 'typescript'
import { freeAddress } from '../helpers/address.js'
import { projectRoot } from '../../src/shared/project-root.js'

t.setTimeout(300_000)

const ROOT = projectRoot

interface Instruction {
  keyword: string
  args: string
}
interface Stage {
  name: string
  from: string
  instructions: Instruction[]
}
interface Copy {
  from?: string
  sources: string[]
  dest: string
}

/** The Dockerfile's stages and instructions (continuations joined, comments and the syntax directive dropped). */
function parseDockerfile(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  const stages: Stage[] = []
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? []
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name = String(stages.length)] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? []
      stages.push({ name, from, instructions: [] })
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args })
  }
  return stages
}

function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.split(/\s+/)
      const flags = words.filter((w) => w.startsWith('--'))
      const paths = words.filter((w) => !w.startsWith('--'))
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length)
      return { from, sources: paths.slice(0, -1).map((p) => p.replace(/^\.\/|\/$/g, '')), dest: paths.at(-1)! }
    })
}

/** A stage's own copies from the build context, and those of the stages it is built FROM. */
function contextCopies(stages: Stage[], name: string): string[] {
  const stage = stages.find((s) => s.name === name)
  if (!stage) return []
  return [...contextCopies(stages, stage.from), ...copiesOf(stage).filter((c) => !c.from).flatMap((c) => c.sources)]
}

/** .dockerignore as Docker reads it: patterns anchored at the context's root, `*` within a name, a folder's pattern covering its contents. */
function ignoredBy(patterns: string[]): (path: string) => boolean {
  const regexes = patterns.map((p) => new RegExp(`^${p.replace(/^\//, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]').replace(/\u0000/g, '.*')}$`))
  return (path) => {
    const parts = path.split('/')
    return parts.some((_, i) => regexes.some((r) => r.test(parts.slice(0, i + 1).join('/'))))
  }
}

const covers = (copied: string[], path: string) => copied.some((c) => c === '.' || path === c || path.startsWith(`${c}/`))

const dockerfile = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))
const ignored = ignoredBy(readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')))
const buildStage = dockerfile.find((s) => s.instructions.some((i) => i.keyword === 'RUN' && /npm run build\b/.test(i.args)))!
const runtime = dockerfile.at(-1)!

/** What `npm run build` reads: npm's files, tsc's (tsconfig's root files), Vite's (its config, what the config imports, its inputs, the static-assets plugin's public/). */
function buildInputs(): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT)
  const tscFiles = parsed.fileNames.map((f) => relative(ROOT, f))
  const viteConfig = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8')
  const viteImports = [...viteConfig.matchAll(/from '(\.\/[^']+)'/g)].map((m) => m[1]!.replace(/^\.\//, '').replace(/\.js$/, '.ts'))
  const viteInputs = [...viteConfig.matchAll(/'((?:views|src)\/[^'*]+)'/g)].map((m) => m[1]!)
  const plugin = readFileSync(join(ROOT, 'scripts/vite-static-assets.ts'), 'utf8')
  const publicDir = /publicDir = '([^']+)'/.exec(plugin)![1]!
  return [...new Set(['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', ...viteImports, ...viteInputs, publicDir, ...tscFiles])]
}

t.test('the build stage copies every file the build reads, and .dockerignore keeps none of them out', async (t) => {
  t.ok(buildStage, 'a stage runs npm run build')
  const copied = contextCopies(dockerfile, buildStage.name)
  const inputs = buildInputs()
  t.ok(inputs.includes('public') && inputs.some((f) => f.startsWith('src/')) && inputs.some((f) => f.startsWith('migrations/')), 'the inputs found')
  const missing = inputs.filter((f) => !covers(copied, f))
  t.same(missing, [], 'nothing the build reads is left out of the build stage')
  t.same(inputs.filter(ignored), [], 'nor kept out of the context by .dockerignore')
})

t.test('the runtime stage has what the server reads, runs as a user, on an LTS Node', async (t) => {
  const fromContext = contextCopies(dockerfile, runtime.name)
  // Static files (/static/…), the firm's content, the package (its scripts) and ensure-build for `npm run …` in the container.
  for (const needed of ['package.json', 'public', 'content/site.json', 'scripts/ensure-build.mjs']) {
    t.ok(covers(fromContext, needed), `${needed} is copied into the image`)
    t.notOk(ignored(needed), `${needed} is in the build context`)
  }
  const fromStages = copiesOf(runtime).filter((c) => c.from).map((c) => `${c.from}:${c.sources.join(',')}`)
  t.ok(fromStages.includes(`${buildStage.name}:/app/dist`), 'the build')
  t.ok(fromStages.some((c) => c.endsWith(':/app/node_modules')), 'the production dependencies')
  const users = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args)
  t.ok(users.length > 0 && !['root', '0'].includes(users.at(-1)!), `runs as ${users.at(-1)}`)
  const image = /ARG NODE_IMAGE=(\S+)/.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))![1]!
  const major = Number(/^node:(\d+)/.exec(image)?.[1])
  t.ok(major >= 22 && major % 2 === 0, `${image}: an even, LTS line`)
})

/** The HEALTHCHECK's command, exec form, as Docker runs it in the container. */
function healthcheck(env: Record<string, string>): Promise<number | null> {
  const check = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!
  const form = /\bCMD\s+(.*)$/.exec(check.args)![1]!.trim()
  // Exec form (JSON), or shell form run by /bin/sh -c as Docker does.
  const [program, ...args] = form.startsWith('[') ? (JSON.parse(form) as string[]) : ['/bin/sh', '-c', form]
  return new Promise((resolve) => {
    const child = spawn(program === 'node' ? process.execPath : program!, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' })
    child.on('exit', (code) => resolve(code))
  })
}

t.test('the health check asks /healthz on the port the server listens on (PORT)', async (t) => {
  const server = createServer((req, res) => {
    res.statusCode = req.url === '/healthz' ? (server as unknown as { status: number }).status : 404
    res.end()
  })
  ;(server as unknown as { status: number }).status = 200
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  t.teardown(() => server.close())
  const port = String((server.address() as { port: number }).port)
  t.equal(await healthcheck({ PORT: port }), 0, 'healthy on PORT')
  ;(server as unknown as { status: number }).status = 503
  t.equal(await healthcheck({ PORT: port }), 1, 'a 503 is unhealthy')
  server.close()
  t.equal(await healthcheck({ PORT: port }), 1, 'nothing listening is unhealthy')
})

/** Copies the context's `sources` into `dir` as COPY would, leaving out what .dockerignore excludes. */
function copyContext(sources: string[], dir: string) {
  for (const source of sources) {
    const target = join(dir, source)
    mkdirSync(dirname(target), { recursive: true })
    cpSync(join(ROOT, source), target, { recursive: true, filter: (path) => !ignored(relative(ROOT, path)) || relative(ROOT, path) === '' })
  }
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

// Once per suite: the SQLite run does it.
if (!process.env.TEST_DATABASE_URL) t.test('the build and the start replayed from exactly what the stages copy', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-image-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const modules = realpathSync(join(ROOT, 'node_modules'))

  // Build stage: its copies, `npm ci` replaced by our node_modules, then its RUN npm run build.
  const build = join(dir, 'build')
  mkdirSync(build)
  copyContext(contextCopies(dockerfile, buildStage.name), build)
  symlinkSync(modules, join(build, 'node_modules'))
  const built = run('npm', ['run', 'build'], build, {})
  t.equal(await built.exited, 0, built.output())
  t.ok(JSON.parse(readFileSync(join(build, 'dist/client/static-manifest.json'), 'utf8'))['/static/logo.svg'], 'public/ went through the Vite plugin')

  // Runtime stage: its context copies, the build's dist, the dependencies; started as the image's CMD and ENV say.
  const app = join(dir, 'app')
  mkdirSync(app)
  copyContext(contextCopies(dockerfile, runtime.name), app)
  cpSync(join(build, 'dist'), join(app, 'dist'), { recursive: true })
  symlinkSync(modules, join(app, 'node_modules'))
  t.notOk(existsSync(join(app, 'src')), 'no sources in the image')
  const cmd = JSON.parse(/^(\[.*\])$/.exec(runtime.instructions.findLast((i) => i.keyword === 'CMD')!.args)![1]!) as string[]
  const { host, port } = await freeAddress()
  const env = { NODE_ENV: 'production', HOST: host, PORT: String(port), SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn' }
  const server = run(cmd[0] === 'node' ? process.execPath : cmd[0]!, cmd.slice(1), app, env)
  t.teardown(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) process.kill(-server.child.pid!, 'SIGKILL')
  })
  let healthy = false
  for (let i = 0; i < 200 && !healthy && server.child.exitCode === null; i++) {
    healthy = await fetch(`http://${host}:${port}/healthz`).then((r) => r.ok, () => false)
    if (!healthy) await new Promise((r) => setTimeout(r, 100))
  }
  t.ok(healthy, server.output())
  t.equal((await fetch(`http://${host}:${port}/`)).status, 200, 'the home page, with the firm’s content')
  // The image's health check, given the port the server was started on; loopback is where it asks.
  if (host === '127.0.0.1') t.equal(await healthcheck({ PORT: String(port) }), 0)
  const migrate = run('npm', ['run', '--silent', 'migrate'], app, { ...env })
  t.equal(await migrate.exited, 0, migrate.output())
  t.match(migrate.output(), /Database up to date\./, 'npm run … works in the image: nothing to build')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
})

// The parser itself, on a tiny Dockerfile and .dockerignore: a rule that stops matching must fail here.
t.test('the parser reads continuations, stage names and COPY flags', async (t) => {
  const stages = parseDockerfile('# c\nFROM a AS one\nRUN x \\\n  && y\nFROM one AS two\nCOPY --from=one --chown=node /x ./x\nCOPY a b ./\n')
  t.same(stages.map((s) => s.name), ['one', 'two'])
  t.same(stages[0]!.instructions, [{ keyword: 'RUN', args: 'x    && y' }])
  t.same(copiesOf(stages[1]!), [{ from: 'one', sources: ['/x'], dest: './x' }, { from: undefined, sources: ['a', 'b'], dest: './' }])
  t.ok(ignoredBy(['test', '*.log', '.env.*'])('test/a.ts'))
  t.ok(ignoredBy(['*.log'])('npm.log'))
  t.notOk(ignoredBy(['*.log'])('logs/a.txt'))
  t.ok(ignoredBy(['.env.*'])('.env.example'))
})
