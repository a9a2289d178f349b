// Issue 13: the rules of .dependency-cruiser.cjs (run on the real tree by `npm run lint:arrows`) are
// run here on a tiny tree where each one must fire, so that none can silently stop matching: a
// renamed folder, a regular expression that no longer matches, `.js` specifiers no longer resolved.
import t from 'tap'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { projectRoot } from '../../src/shared/project-root.js'

const root = projectRoot
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration

/** A file of the tiny tree and what it imports (NodeNext: `.js` specifiers for `.ts` and `.tsx`). */
const tree: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'react-jsx', strict: true }, include: ['src', 'views'] }),
  // Allowed: the composition root imports views/ and each module's front door.
  'src/app.ts': `import { layout } from '../views/layout/Layout.js'\nimport { createA } from './modules/a/index.js'\nexport const app = [layout, createA]\n`,
  'src/modules/a/index.ts': `export { createA } from './service.js'\nexport type { AThing } from './types.js'\n`,
  'src/modules/a/types.ts': `export interface AThing { id: number }\n`,
  'src/modules/a/validation.ts': `export const checkA = (value: string) => value.length > 0\n`,
  'src/modules/a/repository.ts': `import { db } from '../../db/database.js'\nexport const findA = () => db\n`,
  'src/modules/a/photo-service.ts': `export const photo = 1\n`,
  // Allowed: another module through its index.ts. Forbidden: its inner types, even type-only.
  'src/modules/a/service.ts': `import { createB } from '../b/index.js'\nimport type { BThing } from '../b/types.js'\nimport { findA } from './repository.js'\nexport const createA = (thing?: BThing) => [createB, findA, thing]\n`,
  // Forbidden: a page of a module rendering views/ itself (a .tsx reaching a .tsx).
  'src/modules/a/pages.tsx': `import { APage } from '../../../views/pages/APage.js'\nexport const pages = <APage />\n`,
  'src/modules/b/index.ts': `export { createB } from './service.js'\nexport type { BThing } from './types.js'\n`,
  'src/modules/b/types.ts': `export interface BThing { name: string }\n`,
  // Forbidden: another module's repository.
  'src/modules/b/service.ts': `import { findA } from '../a/repository.js'\nexport const createB = () => findA()\n`,
  // Services know nothing of HTTP (issue 30): a service or *-service, nested too, importing src/http is refused; its routes may.
  'src/modules/b/member-service.ts': `import { errors } from '../../http/errors.js'\nexport const members = errors\n`,
  'src/modules/a/photo/service.ts': `import type { errors } from '../../../http/errors.js'\nexport const photos = (e?: typeof errors) => e\n`,
  'src/modules/b/routes.ts': `import { errors } from '../../http/errors.js'\nimport { members } from './member-service.js'\nexport const routes = [errors, members]\n`,
  // Forbidden: generic code below app.ts importing a page.
  'src/http/errors.ts': `import { ErrorPage } from '../../views/pages/ErrorPage.js'\nexport const errors = ErrorPage\n`,
  // Ports: src/shared is fine, a module (even its index.ts, even type-only) is not.
  'src/db/database.ts': `import { fold } from '../shared/fold.js'\nexport const db = fold\n`,
  'src/storage/disk.ts': `import type { AThing } from '../modules/a/index.js'\nexport const disk = (thing: AThing) => thing\n`,
  'src/clock/clock.ts': `import { createA } from '../modules/a/index.js'\nexport const clock = createA\n`,
  // The renderer is a port too: the session's user from src/shared, never from identity.
  'src/render/context.ts': `import type { AThing } from '../modules/a/index.js'\nimport { fold } from '../shared/fold.js'\nexport const user = (thing: AThing) => [thing, fold]\n`,
  // The mail port knows no queue: the outbox (jobs/) calls the mailer, not the other way.
  'src/mail/mailer.ts': `import { outbox } from '../jobs/outbox.js'\nexport const mailer = outbox\n`,
  'src/jobs/outbox.ts': `import { fold } from '../shared/fold.js'\nexport const outbox = fold\n`,
  'src/shared/fold.ts': `export const fold = (value: string) => value.toLowerCase()\n`,
  // A cycle, one arrow of it type-only.
  'src/shared/left.ts': `import { right } from './right.js'\nexport const left = () => right\n`,
  'src/shared/right.ts': `import type { left } from './left.js'\nexport const right = (other?: typeof left) => other\n`,
  'views/layout/Layout.tsx': `export const layout = () => <main />\n`,
  // Allowed: validation and types of a module. Forbidden: its service or repository.
  'views/pages/APage.tsx': `import { checkA } from '../../src/modules/a/validation.js'\nimport type { AThing } from '../../src/modules/a/types.js'\nimport { createB } from '../../src/modules/b/service.js'\nexport const APage = (props: { thing?: AThing }) => <p>{String(checkA('x'))}{String(createB)}{props.thing?.id}</p>\n`,
  'views/pages/ErrorPage.tsx': `export const ErrorPage = () => <p>Erreur</p>\n`,
  'views/islands/Photo.tsx': `import { photo } from '../../src/modules/a/photo-service.js'\nexport const Photo = () => <img alt={String(photo)} />\n`,
}

/** Every violation expected, as `rule: from → to` (a cycle once, as its members). */
const expected = [
  'module-front-door: src/modules/a/service.ts → src/modules/b/types.ts',
  'module-front-door: src/modules/b/service.ts → src/modules/a/repository.ts',
  'src-not-to-views: src/modules/a/pages.tsx → views/pages/APage.tsx',
  'src-not-to-views: src/http/errors.ts → views/pages/ErrorPage.tsx',
  'views-not-to-services: views/pages/APage.tsx → src/modules/b/service.ts',
  'views-not-to-services: views/islands/Photo.tsx → src/modules/a/photo-service.ts',
  'ports-not-to-modules: src/storage/disk.ts → src/modules/a/index.ts',
  'ports-not-to-modules: src/clock/clock.ts → src/modules/a/index.ts',
  'render-not-to-modules: src/render/context.ts → src/modules/a/index.ts',
  'mail-not-to-jobs: src/mail/mailer.ts → src/jobs/outbox.ts',
  'services-not-to-http: src/modules/b/member-service.ts → src/http/errors.ts',
  'services-not-to-http: src/modules/a/photo/service.ts → src/http/errors.ts',
  'no-cycle: src/shared/left.ts ↔ src/shared/right.ts',
]

function write(base: string) {
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(base, path)), { recursive: true })
    writeFileSync(join(base, path), text)
  }
}

async function cruiseTree(base: string): Promise<ICruiseResult> {
  const { forbidden, options } = config
  const tsConfig = join(base, 'tsconfig.json')
  const cwd = process.cwd()
  // The CLI cruises from the repository root; paths in rules are relative to where the cruise runs.
  process.chdir(base)
  try {
    const { output } = await cruise(['src', 'views'], { ...options, tsConfig: { fileName: tsConfig }, ruleSet: { forbidden }, validate: true }, {}, { tsConfig: extractTSConfig(tsConfig) })
    return output as ICruiseResult
  } finally {
    process.chdir(cwd)
  }
}

t.test('each rule of .dependency-cruiser.cjs fires on the import it forbids, and only there', async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'arrows-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  write(base)
  const result = await cruiseTree(base)

  const unresolved = result.modules.flatMap((m) => m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} → ${d.module}`))
  t.same(unresolved, [], 'every `.js` specifier resolves to its .ts or .tsx')
  t.equal(result.modules.length, Object.keys(tree).length - 1, 'every .ts and .tsx file is cruised')

  const found = result.summary.violations.map((v) =>
    v.cycle ? `${v.rule.name}: ${[...new Set([v.from, ...v.cycle.map((c) => c.name)])].sort().join(' ↔ ')}` : `${v.rule.name}: ${v.from} → ${v.to}`,
  )
  t.same([...found].sort(), [...expected].sort())
  t.same(new Set(result.summary.violations.map((v) => v.rule.severity)), new Set(['error']), 'every rule fails the run')
  const fired = new Set(result.summary.violations.map((v) => v.rule.name))
  t.same([...fired].sort(), (config.forbidden ?? []).map((rule) => rule.name).sort(), 'no rule is left without a case here')
})
