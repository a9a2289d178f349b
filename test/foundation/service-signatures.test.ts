// Issue 13: a service never sees `app`, `request` or `reply`, so it runs from a route, a worker, a CLI
// or a test alike. Under src/modules only the HTTP files may name Fastify's instance, request or reply.
// The names are found by TypeScript's parser (identifiers, not comments or strings).
import t from 'tap'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { projectRoot } from '../../src/shared/project-root.js'

const root = projectRoot

const FASTIFY_NAMES = new Set(['FastifyInstance', 'FastifyRequest', 'FastifyReply'])
/** The HTTP side of a module: routes, pages, its plugin, the guards, its cookies and its HTTP helpers (multipart parsing). */
const HTTP_FILE = /^(routes|.+-routes|pages|.+-pages|plugin|.+-plugin|index|guards|.+-cookie|http|.+-http|access)\.tsx?$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** `file:line Name` for each mention of a Fastify name in a file of `modules` that is not an HTTP file. */
function fastifyMentions(modules: string): string[] {
  const found: string[] = []
  for (const path of sourceFiles(modules)) {
    if (HTTP_FILE.test(path.slice(path.lastIndexOf('/') + 1))) continue
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind)
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && FASTIFY_NAMES.has(node.text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        found.push(`${relative(modules, path)}:${line} ${node.text}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

t.test('the check finds every mention outside HTTP files, and only there (a tiny tree)', async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'signatures-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  const tree: Record<string, string> = {
    'a/service.ts': `import type { FastifyInstance } from 'fastify'\n\nexport async function listA(app: FastifyInstance) {\n  return app\n}\n`,
    'a/sub/helper.ts': `export const helper = (request: import('fastify').FastifyRequest) => request.id\n`,
    'a/routes-helper.ts': `import { type FastifyReply as Reply } from 'fastify'\nexport const send = (reply: Reply) => reply\n`,
    'a/view.tsx': `import type { FastifyReply } from 'fastify'\nexport const View = (props: { reply: FastifyReply }) => <p>{String(props.reply)}</p>\n`,
    'a/augment.ts': `declare module 'fastify' {\n  interface FastifyInstance {\n    a: number\n  }\n}\nexport {}\n`,
    // Not mentions: a comment and a string; an own name that merely contains one.
    'a/repository.ts': `// Called with values, never a FastifyRequest.\nexport const hint = 'FastifyReply'\nexport type MyFastifyInstanceLike = { id: number }\n`,
    // The HTTP files may.
    'a/routes.ts': `import type { FastifyInstance } from 'fastify'\nexport default async (app: FastifyInstance) => app\n`,
    'a/photo-routes.ts': `import type { FastifyRequest } from 'fastify'\nexport const r = (request: FastifyRequest) => request\n`,
    'a/pages.tsx': `import type { FastifyReply } from 'fastify'\nexport const p = (reply: FastifyReply) => <p>{String(reply)}</p>\n`,
    'a/profile-pages.tsx': `import type { FastifyReply } from 'fastify'\nexport const p = (reply: FastifyReply) => reply\n`,
    'a/plugin.ts': `import type { FastifyInstance } from 'fastify'\nexport const plugin = (app: FastifyInstance) => app\n`,
    'a/auth-plugin.ts': `import type { FastifyInstance } from 'fastify'\nexport const plugin = (app: FastifyInstance) => app\n`,
    'a/index.ts': `export type { FastifyInstance } from 'fastify'\n`,
    'a/guards.ts': `import type { FastifyRequest } from 'fastify'\nexport const guard = (request: FastifyRequest) => request\n`,
    'a/session-cookie.ts': `import type { FastifyReply } from 'fastify'\nexport const set = (reply: FastifyReply) => reply\n`,
    'a/http.ts': `import type { FastifyReply } from 'fastify'\nexport const h = (reply: FastifyReply) => reply\n`,
    'a/access.ts': `import type { FastifyRequest } from 'fastify'\nexport const a = (request: FastifyRequest) => request\n`,
  }
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(base, path)), { recursive: true })
    writeFileSync(join(base, path), text)
  }
  t.same(fastifyMentions(base).sort(), [
    'a/augment.ts:2 FastifyInstance',
    'a/routes-helper.ts:1 FastifyReply',
    'a/service.ts:1 FastifyInstance',
    'a/service.ts:3 FastifyInstance',
    'a/sub/helper.ts:1 FastifyRequest',
    'a/view.tsx:1 FastifyReply',
    'a/view.tsx:2 FastifyReply',
  ])
})

t.test('no file under src/modules but the HTTP ones mentions FastifyInstance, FastifyRequest or FastifyReply', async (t) => {
  t.same(fastifyMentions(join(root, 'src/modules')), [], 'services, repositories and helpers take plain values and ports')
})
