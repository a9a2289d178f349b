// The last step of `npm run build`: the packages made of many small ES modules, bundled into
// dist/node_modules, where the built server, its commands and the tests' compiled files
// (dist/.tests/…) find them before the project's node_modules (Node looks for a bare import in every
// node_modules folder above the importing file).
//
// Imported file by file, TypeBox's 683 modules and Kysely's 262 (each resolved, read and linked on
// its own) were 0.8 s of the 2.0 s of CPU that importing the app took, paid by every server, command
// and test process; bundled, they load in 0.05 s (docs/decisions/060-how-the-tests-run.md).
// Code splitting keeps one copy of TypeBox for its entries and the type provider, which imports it.
// The same installed versions are bundled, unchanged; any other package stays an import, found in
// the project's node_modules.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist/node_modules')

/** Each bundled package and the subpaths the sources import (a subpath not listed would not be found). */
const BUNDLED = { typebox: ['.', './value'], kysely: ['.'], '@fastify/type-provider-typebox': ['.'] }

const bundled = (specifier) => Object.keys(BUNDLED).some((name) => specifier === name || specifier.startsWith(`${name}/`))
const fileOf = (subpath) => (subpath === '.' ? 'index' : subpath.slice(2))

rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: Object.entries(BUNDLED).flatMap(([name, subpaths]) =>
    subpaths.map((subpath) => ({ in: fileURLToPath(import.meta.resolve(join(name, subpath))), out: join(name, fileOf(subpath)) })),
  ),
  outdir: out,
  bundle: true,
  splitting: true,
  chunkNames: '.chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'inline',
  logLevel: 'warning',
  plugins: [
    {
      name: 'others-stay-imports',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => (bundled(path) ? undefined : { path, external: true }))
      },
    },
  ],
})
for (const [name, subpaths] of Object.entries(BUNDLED)) {
  mkdirSync(join(out, name), { recursive: true })
  const exports = Object.fromEntries(subpaths.map((subpath) => [subpath, `./${fileOf(subpath)}.js`]))
  writeFileSync(join(out, name, 'package.json'), `${JSON.stringify({ name, type: 'module', exports }, null, 2)}\n`)
}
