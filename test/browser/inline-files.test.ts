// Issue 15 in a real browser: a client's file carrying an HTML or SVG payload behind an accepted
// signature, opened by a logged-in administrator at its address, runs nothing as the portal: no
// request of the payload's reaches the server, no script runs in the page. A real image still shows.
import t from 'tap'
import sharp from 'sharp'
import type { Browser, Request } from 'playwright-core'
import type { TestSmtp } from '../helpers/smtp.js'
import { acceptedClient, apiSession, call, logIn, openPage, startSuite, type RunningServer } from './helpers.js'

let server: RunningServer
let browser: Browser
let smtp: TestSmtp

const PASSWORD = 'Zt9#qLm2vR!x'
const ADMIN = { email: 'cabinet-inline@example.dz', password: 'Adm1n#Cabinet!x' }

t.before(async () => ({ smtp, server, browser } = await startSuite(t, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })))

// Each payload, if it ran, would ask the portal for the client list with the administrator's cookie.
const BAIT = '/api/users/clients?stolen=1'
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="fetch('${BAIT}');window.pwned=1"><script>fetch('${BAIT}');window.pwned=1</script></svg>`
const HTML = `<!DOCTYPE html><html><body><img src="x" onerror="fetch('${BAIT}')"><script>window.pwned=1;fetch('${BAIT}')</script></body></html>`
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

t.test('payloads behind a PNG or PDF signature run nothing; a real PNG still shows', async (t) => {
  const unique = Date.now().toString(36)
  const adminCookie = await apiSession(server.url, ADMIN.email, ADMIN.password)
  await call(server.url, adminCookie, 'POST', '/api/documents/types', { typeName: 'Bilan' })
  const email = `inline-${unique}@example.dz`
  const id = await acceptedClient(server.url, smtp, adminCookie, { username: `Client ${unique}`, email, password: PASSWORD, entreprise: 'SARL Inline' })
  const clientCookie = await apiSession(server.url, email, PASSWORD)
  const realPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } }).png().toBuffer()
  const files: Array<[string, Buffer]> = [
    ['svg-polyglot.png', Buffer.concat([PNG_SIGNATURE, Buffer.from(SVG)])],
    ['html-polyglot.png', Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)])],
    ['html-polyglot.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(HTML)])],
    ['vraie-image.png', realPng],
  ]
  for (const [name, content] of files) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(content)]), name)
    form.append('type', 'Bilan')
    form.append('userId', String(id))
    await call(server.url, clientCookie, 'POST', '/api/documents/upload', form)
  }
  const listed = (await (await call(server.url, adminCookie, 'GET', '/api/documents/new-documents')).json()) as Array<{ path: string; file: { originalName: string } }>
  const urlOf = (name: string) => `${server.url}${listed.find((d) => d.file.originalName === name)!.path}`

  const admin = await openPage(browser, t, { acceptDownloads: true })
  await logIn(admin.page, server.url, ADMIN.email, ADMIN.password)
  const baited: string[] = []
  admin.page.context().on('request', (request: Request) => {
    if (request.url().includes('stolen=1')) baited.push(request.url())
  })

  for (const name of ['svg-polyglot.png', 'html-polyglot.png']) {
    const response = await admin.page.goto(urlOf(name))
    t.equal(response?.headers()['content-type'], 'image/png', `${name}: an image`)
    t.equal(await admin.page.evaluate(() => document.contentType), 'image/png', `${name}: the browser made an image document of it, not a page`)
    t.equal(await admin.page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined, `${name}: no script ran`)
  }

  // The PDF goes to the browser's viewer, or is downloaded (headless): either way it is no page of the portal.
  const pdfTab = await admin.page.context().newPage()
  const download = pdfTab.waitForEvent('download', { timeout: 5_000 }).catch(() => undefined)
  const pdfResponse = await pdfTab.goto(urlOf('html-polyglot.pdf')).catch(() => undefined)
  if (pdfResponse) {
    t.equal(pdfResponse.headers()['content-type'], 'application/pdf')
    t.not(await pdfTab.evaluate(() => document.contentType).catch(() => 'none'), 'text/html', 'not read as HTML')
  } else {
    t.ok(await download, 'downloaded, not rendered')
  }
  await pdfTab.close()

  // Whatever ran would have had time to call: a last request of our own, then the check.
  await admin.page.goto(`${server.url}/admin-dashboard`)
  t.same(baited, [], 'no payload reached the portal with the administrator’s cookie')

  // The sandbox does not stop a real image from showing.
  await admin.page.goto(urlOf('vraie-image.png'))
  const size = await admin.page.evaluate(() => {
    const image = document.querySelector('img')
    return image && image.complete ? [image.naturalWidth, image.naturalHeight] : null
  })
  t.same(size, [40, 30], 'the real image is displayed')
})
