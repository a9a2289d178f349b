// Tests only (imported first by test/helpers/app.ts, before Fastify loads): Fastify compiles every
// route's response schemas into a serializer (fast-json-stringify, with an Ajv of its own) each time
// an app is built, a third of a build's CPU. A test process builds hundreds of apps from the same
// schemas (scripts/test-worker.mjs runs many files in one process): here the same schema, with the
// same options and shared schemas, gets the serializer compiled the first time. A serializer is a pure
// function of those (it keeps no state between answers); a schema or option holding anything but JSON
// (a function, a RegExp, a Date…) is compiled afresh every time, as before. The app's code is
// unchanged, and a production process builds one app: nothing to share there.
import { createRequire } from 'node:module'

type Compile = ((schema: unknown, options?: unknown) => unknown) & Record<string, unknown>

/** True when `value` is made of JSON values only (plain objects, arrays, strings, numbers, booleans, null; a part shared twice is fine, a cycle is not). */
function plainJson(value: unknown, within = new Set<unknown>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'object' || within.has(value)) return false
  const proto = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false
  within.add(value)
  const plain = (Array.isArray(value) ? value : Object.values(value)).every((item) => plainJson(item, within))
  within.delete(value)
  return plain
}

function install(): void {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'))
  const fromCompiler = createRequire(fromFastify.resolve('@fastify/fast-json-stringify-compiler'))
  const path = fromCompiler.resolve('fast-json-stringify')
  const loaded = fromCompiler.cache[path]
  // Already loaded before this module (a file that imported Fastify first): its own compiler stays as it is.
  if (loaded?.loaded && (loaded.exports as { portalCached?: boolean }).portalCached) return
  const compile = fromCompiler('fast-json-stringify') as Compile
  const compiled = new Map<string, unknown>()
  const cached = ((schema: unknown, options?: unknown) => {
    if (!plainJson(schema) || (options !== undefined && !plainJson(options))) return compile(schema, options)
    const key = JSON.stringify([schema, options ?? null])
    let serializer = compiled.get(key)
    if (serializer === undefined) compiled.set(key, (serializer = compile(schema, options)))
    return serializer
  }) as Compile
  Object.assign(cached, compile, { portalCached: true })
  fromCompiler.cache[path]!.exports = cached
}

install()
