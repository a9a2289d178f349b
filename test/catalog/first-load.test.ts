// Issue 8, lighter first load: the contact form waits until it is seen, the stylesheet comes before
// the preloaded scripts, and each page's largest image is fetched first, never lazily.
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t)

t.test('the contact form hydrates when visible: marked so, and its chunk is not preloaded', async (t) => {
  const { body } = await app.inject('/')
  t.match(body, /<portal-island data-name="ContactForm" data-prefix="i\d+-" data-props="\{\}" data-hydrate="visible" data-src="\/assets\/ContactForm-[\w-]+\.js">/)
  const preloads = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)
  t.ok(preloads.some((href) => /\/Carousel-/.test(href)), 'islands hydrated on load are preloaded')
  t.notOk(preloads.some((href) => /\/ContactForm-/.test(href)), 'the contact form is not')
  t.notMatch(body, /data-name="Carousel"[^>]*data-hydrate/, 'other islands keep hydrating on load')
})

t.test('shell controls that work without JavaScript wait for the visitor; the Toaster for a toast', async (t) => {
  const { body } = await app.inject('/')
  for (const name of ['NavBar', 'ThemeToggle']) t.match(body, new RegExp(`<portal-island data-name="${name}"[^>]*data-hydrate="intent" data-src="/assets/${name}-[\\w-]+\\.js"`), name)
  t.match(body, /<portal-island data-name="Toaster"[^>]*data-hydrate="demand"/)
  const preloads = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)
  t.same(preloads.map((href) => /\/assets\/([A-Za-z]+)-/.exec(href)?.[1]).sort(), ['Carousel', 'entry'], 'only the islands hydrated on load (and the runtime they import) are preloaded')
  // Every island chunk is named on its marker: the runtime imports it by that URL and holds no list of islands.
  for (const [, name, src] of body.matchAll(/<portal-island data-name="(\w+)"[^>]*data-src="([^"]+)"/g)) t.match(src!, new RegExp(`^/assets/${name}-[\\w-]+\\.js$`), name!)
  const entry = /<script type="module" src="([^"]+)"/.exec(body)![1]!
  const runtime = (await app.inject(entry)).body
  t.notMatch(runtime, /Carousel|NavBar|__vite__mapDeps/, 'the entry names no island')
})

t.test('with a flash toast the Toaster hydrates on load', async (t) => {
  const { body } = await app.inject({ url: '/', cookies: { flash: app.signCookie(JSON.stringify({ type: 'info', message: 'Bonjour' })) } })
  t.notMatch(body, /data-name="Toaster"[^>]*data-hydrate/)
  t.match(body, /<link rel="modulepreload" href="\/assets\/Toaster-/)
})

t.test('the stylesheet comes before every preloaded script', async (t) => {
  for (const path of ['/', '/login', '/registration']) {
    const { body } = await app.inject(path)
    const stylesheet = body.search(/<link rel="stylesheet"/)
    const firstPreload = body.search(/<link rel="modulepreload"/)
    t.ok(stylesheet > 0 && firstPreload > 0, path)
    t.ok(stylesheet < firstPreload, `${path}: stylesheet first`)
    t.ok(stylesheet < body.indexOf('</head>'), 'in the head')
  }
})

t.test('the largest image of a page is fetched with high priority, never lazily', async (t) => {
  const home = (await app.inject('/')).body
  const slides = [...home.matchAll(/<img class="carousel-image"[^>]*>/g)].map((m) => m[0])
  t.equal(slides.length, 3)
  t.match(slides[0], /fetchPriority="high"/)
  t.match(slides[0], /loading="eager"/)
  for (const other of slides.slice(1)) t.match(other, /loading="lazy"/)
  const services = (await app.inject('/services')).body
  const images = [...services.matchAll(/<img class="service-image"[^>]*>/g)].map((m) => m[0])
  t.equal(images.length, 4)
  t.match(images[0], /fetchPriority="high"/)
  t.notMatch(images[0], /loading="lazy"/)
  for (const other of images.slice(1)) t.match(other, /loading="lazy"/)
})
