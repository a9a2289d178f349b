// What a test file's `import t from 'tap'` becomes in scripts/run-tests.mjs's compiled copy: in a
// long-lived worker (scripts/test-worker.mjs), the root test the worker made for this file (named by
// `?file=`); anywhere else, tap's own root, as the import said.
const worker = globalThis[Symbol.for('portal test worker')]
export default worker ? worker.root(new URL(import.meta.url).searchParams.get('file')) : (await import('tap')).default
