import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { decodeProps, encodeProps } from '../../src/render/props.js'
import { islands } from '../../views/islands/index.js'
import { buildTestApp } from '../helpers/app.js'
import { projectRoot } from '../../src/shared/project-root.js'

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t)

t.test('every island file is registered under its file name, and only those', async (t) => {
  const files = readdirSync(join(projectRoot, 'views/islands'))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.replace(/\.tsx$/, ''))
    .sort()
  t.same(Object.keys(islands).sort(), files)
})

t.test('island props survive the trip, dates included', async (t) => {
  const props = { when: new Date('2025-03-01T10:00:00.000Z'), nested: { list: [1, 'a', null] }, text: '<script>"&' }
  const back = decodeProps(encodeProps(props))
  t.ok(back.when instanceof Date)
  t.equal((back.when as Date).toISOString(), '2025-03-01T10:00:00.000Z')
  t.same(back.nested, props.nested)
  t.equal(back.text, props.text)
})

t.test('an island is rendered as its own root with its props; the runtime is a file, which needs no nonce', async (t) => {
  // A flash toast makes the page render per request; the stored page is the other case.
  const flashed = await app.inject({ url: '/', cookies: { flash: app.signCookie(JSON.stringify({ type: 'info', message: 'Bonjour' })) } })
  const stored = await app.inject('/')
  for (const res of [flashed, stored]) {
    t.match(res.body, /<portal-island data-name="ThemeToggle" data-prefix="i\d+-" data-props="\{&quot;theme&quot;:&quot;light&quot;/)
    t.match(res.body, /<script type="module" src="\/assets\/entry-[\w-]+\.js"/)
    t.notMatch(res.body, /nonce=/)
    t.notMatch(String(res.headers['content-security-policy']), /nonce-/)
  }
})

t.test('the theme cookie decides the first paint, and the no-JS toggle sets it', async (t) => {
  const dark = await app.inject({ url: '/services', cookies: { theme: 'dark' } })
  t.match(dark.body, /<html lang="fr" data-theme="dark"/)
  t.match(dark.body, />LTH</)
  const post = await app.inject({ method: 'POST', url: '/theme', payload: 'theme=dark&returnTo=%2Fservices', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  t.equal(post.statusCode, 303)
  t.equal(post.headers.location, '/services')
  t.match(String(post.headers['set-cookie']), /theme=dark/)
  const offsite = await app.inject({ method: 'POST', url: '/theme', payload: 'theme=light&returnTo=%2F%2Fevil.example', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  t.equal(offsite.headers.location, '/', 'no open redirect')
  for (const returnTo of ['/\t/evil.example', '/\\evil.example', '/x\ny', '/services?q=€', 'https://evil.example']) {
    const res = await app.inject({ method: 'POST', url: '/theme', payload: { theme: 'light', returnTo } })
    t.equal(res.statusCode, 303, JSON.stringify(returnTo))
    t.equal(res.headers.location, '/', JSON.stringify(returnTo))
  }
})

t.test('hashed assets are cached for a year', async (t) => {
  const page = await app.inject('/')
  const css = /href="(\/assets\/app-[\w-]+\.css)"/.exec(page.body)?.[1]
  t.ok(css)
  const res = await app.inject(css!)
  t.equal(res.statusCode, 200)
  t.match(String(res.headers['cache-control']), /max-age=31536000.*immutable|immutable.*max-age=31536000/)
})
