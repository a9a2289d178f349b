// Issue 17: the profile's photo form posted without JavaScript (contract §8), to the profile itself: a
// 303 back with the API's message, or the profile again at the JSON route's status with the refusal
// under the file; the owner only, nothing stored on a refusal.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import sharp from 'sharp'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, inputNamed, summaryOf } from '../helpers/forms.js'
import { multipart } from '../documents/fixtures.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app, config } = await buildTestApp(t)
const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } }).png().toBuffer()
const photos = () => (existsSync(join(config.uploadDir, 'photos')) ? readdirSync(join(config.uploadDir, 'photos')).length : 0)
const photoOf = async (account: SeededAccount) => (await injectAs(app, account, `/api/users/profile/${account.id}`)).json().profilePhoto

/** What a browser without JavaScript posts: the `image` part, empty when no file is chosen. */
function post(server: FastifyInstance, account: SeededAccount | null, profileId: number, image?: { filename: string; content: Buffer }, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const body = multipart([{ name: 'image', filename: image?.filename ?? '', content: image?.content ?? Buffer.alloc(0), type: image ? 'image/png' : 'application/octet-stream' }])
  return injectAs(server, account, { method: 'POST', url: `/users/profile/${profileId}`, payload: body.payload, headers: { ...body.headers, ...headers } })
}

/** The refusal shown under the photo's file input: what its aria-describedby names, the input marked invalid. */
function photoError(html: string): string | undefined {
  const input = inputNamed(html, 'image')
  if (!/aria-invalid="true"/.test(input)) return undefined
  for (const id of /aria-describedby="([^"]*)"/.exec(input)?.[1]?.split(' ') ?? []) {
    const shown = new RegExp(`<p id="${id}" class="profile-photo-error">([^<]*)</p>`).exec(html)
    if (shown) return shown[1]
  }
  return undefined
}

t.test('the photo form is a real form: posted to the profile, its button enabled', async (t) => {
  const owner = await seedAccount(app)
  const html = (await injectAs(app, owner, `/users/profile/${owner.id}`)).body
  const form = /<form[^>]*class="profile-photo-form"[^>]*>/.exec(html)?.[0] ?? ''
  t.match(form, 'method="post"')
  t.match(form, `action="/users/profile/${owner.id}"`)
  t.match(form, /enctype="multipart\/form-data"/i)
  t.notMatch(html, /<button type="submit"[^>]*profile-photo-submit[^>]*disabled/, 'the button works before any script')
  t.match(html, 'Aucun fichier choisi')
})

t.test('a photo sent without JavaScript: 303 back to the profile with the API’s message, stored and shown', async (t) => {
  const owner = await seedAccount(app)
  const before = photos()
  const sent = await post(app, owner, owner.id, { filename: 'portrait.png', content: picture })
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, `/users/profile/${owner.id}`)
  t.match(await flashAfter(app, sent, owner.cookie), 'Photo de profil mise à jour avec succès.')
  const photo = await photoOf(owner)
  t.match(photo?.url, /^\/uploads\/photos\/[0-9a-f]{32}\.webp$/, 'the account’s photo, re-encoded by the same service')
  t.equal(photos(), before + 1)
  t.match((await injectAs(app, owner, `/users/profile/${owner.id}`)).body, photo.url, 'the profile shows it')

  const again = await post(app, owner, owner.id, { filename: 'autre.png', content: picture })
  t.equal(again.statusCode, 303)
  t.equal(photos(), before + 1, 'the replaced file is removed, as by the API')
})

t.test('each refusal under the file, at the JSON route’s status; nothing stored or changed', async (t) => {
  const owner = await seedAccount(app)
  const before = photos()
  const empty = await post(app, owner, owner.id)
  t.equal(empty.statusCode, 400)
  t.match(empty.headers['content-type'], /text\/html/, 'the profile again')
  t.equal(photoError(empty.body), 'There is no file!')
  t.equal(summaryOf(empty.body), '', 'one field: no summary')
  t.match(empty.body, '<h1 class="profile-name">', 'the profile itself')

  const text = await post(app, owner, owner.id, { filename: 'photo.png', content: Buffer.from('pas une image') })
  t.equal(text.statusCode, 415)
  t.equal(photoError(text.body), 'Le fichier n’est pas une image acceptée : choisissez une photo JPEG, PNG ou WebP.')

  const large = await post(app, owner, owner.id, { filename: 'grande.png', content: Buffer.concat([picture, Buffer.alloc(5 * 1024 * 1024)]) })
  t.equal(large.statusCode, 413)
  t.equal(photoError(large.body), 'La photo ne doit pas dépasser 5 Mo.')

  t.equal(await photoOf(owner), null, 'the account keeps no photo')
  t.equal(photos(), before, 'no file stored')
})

t.test('the owner only: a visitor goes to /login, anyone else gets the 403 page, another site is refused', async (t) => {
  const owner = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  const other = await seedAccount(app)
  const before = photos()
  const image = { filename: 'portrait.png', content: picture }

  const visitor = await post(app, null, owner.id, image)
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
  t.equal(cookieOf(visitor, /^return-to$/), `return-to=/users/profile/${owner.id}`, 'back to the profile once logged in')
  for (const [who, account] of [['an administrator', admin], ['another client', other]] as const) {
    const refused = await post(app, account, owner.id, image)
    t.equal(refused.statusCode, 403, who)
    t.match(refused.headers['content-type'], /text\/html/)
    t.match(refused.body, 'Vous ne pouvez changer que votre propre photo.')
  }
  t.equal((await post(app, owner, 0, image)).statusCode, 403, 'a malformed profile id is not one’s own')
  const crossSite = await post(app, owner, owner.id, image, CROSS_SITE)
  t.equal(crossSite.statusCode, 403)
  t.equal(await photoOf(owner), null)
  t.equal(photos(), before, 'nothing stored')
})

t.test('the photo limit counts the form and the API together: 429, the profile again', async (t) => {
  const { app: limited } = await buildTestApp(t)
  const owner = await seedAccount(limited)
  const noFile = multipart([{ name: 'image', filename: '', content: Buffer.alloc(0) }])
  // 60 in 15 minutes per address, whichever way they come.
  for (let i = 0; i < 59; i++) await injectAs(limited, owner, { method: 'POST', url: '/api/users/profile/uplaod-photo', ...noFile })
  t.equal((await post(limited, owner, owner.id)).statusCode, 400, 'the 60th, by the form')
  const refused = await post(limited, owner, owner.id, { filename: 'portrait.png', content: picture })
  t.equal(refused.statusCode, 429)
  t.ok(refused.headers['retry-after'])
  t.match(summaryOf(refused.body), /Trop de tentatives/, 'what belongs to no field, at the top')
  t.equal((await injectAs(limited, owner, { method: 'POST', url: '/api/users/profile/uplaod-photo', ...noFile })).statusCode, 429, 'the API counted the form’s posts')
})
