// The profile page /users/profile/:id: who sees it, and what the owner sees that an administrator does not.
import t from 'tap'
import sharp from 'sharp'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { islandProps } from '../helpers/html.js'

const has = (html: string, name: string) => html.includes(`data-name="${name}"`)

t.test('profile page', async (t) => {
  const { app } = await buildTestApp(t)
  const owner = await seedAccount(app, { accepted: true, username: 'Société Atlas', entreprise: 'SARL Atlas' })
  const admin = await seedAccount(app, { admin: true })
  const stranger = await seedAccount(app, { accepted: true })
  const unaccepted = await seedAccount(app)
  const url = `/users/profile/${owner.id}`

  t.test('a visitor is sent to /login', async (t) => {
    for (const path of [url, '/users/profile/abc', '/users/profile/999999']) {
      const res = await app.inject(path)
      t.equal(res.statusCode, 303, path)
      t.equal(res.headers.location, '/login', path)
    }
  })

  t.test('another user gets a French 403 page', async (t) => {
    const res = await injectAs(app, stranger, url)
    t.equal(res.statusCode, 403)
    t.match(res.headers['content-type'], /text\/html/)
    t.match(res.body, /<html lang="fr"/)
    t.match(res.body, /votre propre profil/)
    t.notMatch(res.body, /Société Atlas/, 'nothing of the profile leaks')
  })

  t.test('an unknown or malformed id is a 404 page', async (t) => {
    t.equal((await injectAs(app, admin, '/users/profile/999999')).statusCode, 404)
    t.equal((await injectAs(app, owner, '/users/profile/abc')).statusCode, 404)
  })

  t.test('the owner sees the profile, the password button, the photo upload and the delete section', async (t) => {
    const res = await injectAs(app, owner, url)
    t.equal(res.statusCode, 200)
    t.match(res.headers['cache-control'], /no-store/)
    const html = res.body
    t.match(html, /<title>[^<]*Profil de Société Atlas/)
    t.match(html, /class="profile-banner"/, 'background banner')
    t.match(html, /Société Atlas/)
    t.match(html, /SARL Atlas/)
    t.match(html, /href="tel:0551234567"/, 'the phone with its leading 0')
    t.match(html, /class="profile-verified"/, 'the verified badge for an accepted client')
    t.match(html, /Membre depuis le/)
    t.match(html, / \d{4} à \d{2}:\d{2}<\/time>/, 'the join date in French, with its time (issue 17: one format)')
    t.ok(has(html, 'ProfilePhotoForm'), 'photo upload')
    t.ok(has(html, 'ChangePasswordDialog'), 'change-password button')
    t.ok(has(html, 'DeleteAccount'), 'delete-account section')
    t.match(html, /accept="image\/jpeg,image\/png,image\/webp"/)
    t.match(html, /Aucun document pour le moment\./, 'the empty documents table')
    t.same(islandProps(html, 'OwnedDocuments'), { rows: [], canDelete: true, deletePages: '/users/profile/documents', listSearch: '' }, 'without JavaScript, a row’s « Supprimer » is a link to its confirmation page')
    t.same(islandProps(html, 'ProfilePhotoForm'), { userId: owner.id, photoUrl: null, defaultPhotoUrl: '/static/avatar.svg', username: 'Société Atlas' }, 'the blank avatar when there is no photo')
    t.same(islandProps(html, 'ChangePasswordDialog'), { userId: owner.id })
    t.notOk(has(html, 'SendDocumentForm'), 'the firm’s send form is for administrators')
  })

  t.test('an administrator sees the profile and its documents, without the owner’s controls', async (t) => {
    const res = await injectAs(app, admin, url)
    t.equal(res.statusCode, 200)
    const html = res.body
    t.match(html, /Société Atlas/)
    t.ok(has(html, 'OwnedDocuments'), 'the documents table')
    t.same(islandProps(html, 'OwnedDocuments'), { rows: [], canDelete: false })
    t.notOk(has(html, 'ProfilePhotoForm'), 'no photo upload')
    t.notOk(has(html, 'DeleteAccount'), 'no delete section')
    t.notOk(has(html, 'ChangePasswordDialog'), 'no password change for someone else')
    // The one file input is the firm's « Envoyer un document au client » (contract §7).
    t.equal(html.match(/type="file"/g)?.length, 1)
    t.match(islandProps(html, 'SendDocumentForm'), { userId: owner.id })
    t.match(html, /Aucun document envoyé à ce client\./)
    t.match(html, /class="profile-avatar" src="\/static\/avatar.svg"/, 'the blank avatar')
  })

  t.test('no verified badge before acceptance', async (t) => {
    const res = await injectAs(app, unaccepted, `/users/profile/${unaccepted.id}`)
    t.equal(res.statusCode, 200)
    t.notMatch(res.body, /class="profile-verified"/)
  })

  t.test('an administrator on their own profile cannot delete the account there', async (t) => {
    const res = await injectAs(app, admin, `/users/profile/${admin.id}`)
    t.equal(res.statusCode, 200)
    t.ok(has(res.body, 'ProfilePhotoForm'))
    t.ok(has(res.body, 'ChangePasswordDialog'))
    t.notOk(has(res.body, 'DeleteAccount'))
  })

  t.test('the stored photo shows on the profile and in the navigation bar', async (t) => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#345' } }).png().toBuffer()
    const boundary = 'profilepagetest'
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await injectAs(app, owner, { method: 'POST', url: '/api/users/profile/uplaod-photo', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
    t.equal(upload.statusCode, 200)
    const photoUrl = upload.json().profilePhoto.url as string
    const mine = await injectAs(app, owner, url)
    t.equal(islandProps(mine.body, 'ProfilePhotoForm').photoUrl, photoUrl)
    t.equal(islandProps(mine.body, 'UserMenu').photoUrl, photoUrl)
    const seen = await injectAs(app, admin, url)
    t.match(seen.body, `class="profile-avatar" src="${photoUrl}"`)
  })

  t.test('the documents table: the owner may delete an unviewed document, not a viewed one', async (t) => {
    const created = await injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload: { typeName: 'Bilan' } })
    t.equal(created.statusCode, 201, created.body)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
    const ids: number[] = []
    for (const name of ['bilan-2025.pdf', 'tva-mars.pdf']) {
      const boundary = `doc${ids.length}`
      const field = (key: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n${field('type', 'Bilan')}${field('userId', String(owner.id))}${field('description', 'Pièce')}--${boundary}--\r\n`),
      ])
      const res = await injectAs(app, owner, { method: 'POST', url: '/api/documents/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
      t.equal(res.statusCode, 201, res.body)
      ids.push(res.json().id)
    }
    t.equal((await injectAs(app, admin, `/api/documents/view-document/${ids[0]}`)).statusCode, 200, 'the firm views the first one')

    const rowsOf = (html: string) => islandProps(html, 'OwnedDocuments').rows as Array<{ id: number; name: string; typeName: string; isViewed: boolean; createdAt: Date }>
    const mine = await injectAs(app, owner, url)
    const rows = rowsOf(mine.body)
    t.same(rows.map((row) => [row.id, row.typeName, row.isViewed]).sort(), [[ids[0], 'Bilan', true], [ids[1], 'Bilan', false]].sort())
    t.ok(rows.every((row) => row.createdAt instanceof Date), 'dates travel as dates')
    t.match(mine.body, /aria-label="Supprimer tva-mars\.pdf"/, 'a delete button for the unviewed document')
    t.notMatch(mine.body, /aria-label="Supprimer bilan-2025\.pdf"/, 'none once the firm has viewed it')
    t.match(mine.body, /Vu par le cabinet/)

    const seen = await injectAs(app, admin, url)
    t.equal(rowsOf(seen.body).length, 2, 'the administrator sees the same documents')
    t.notMatch(seen.body, /aria-label="Supprimer /, 'without delete buttons')
  })

  // Issue 31, contract §10: the owner's profile in Arabic with the switch's cookie, every section's
  // words and its islands' (sessions, tokens, deletion), and the confirmation pages without JavaScript.
  t.test('the profile in Arabic: its sections, its islands and its confirmation pages', async (t) => {
    const arabic = (path: string) => app.inject({ url: path, headers: { cookie: `${owner.cookie}; lang=ar`, 'sec-fetch-site': 'same-origin' } })
    const token = await injectAs(app, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Export', expiresInDays: 30 } })
    t.equal(token.statusCode, 201)
    const res = await arabic(url)
    t.equal(res.statusCode, 200)
    t.match(res.body, /<html lang="ar" dir="rtl"/)
    for (const words of ['الوثائق', 'المساحة المستعملة', 'الأمان', 'الأجهزة المتصلة', 'رموز الوصول الشخصية', 'حذف الحساب', 'من اطّلع على وثائقي', 'عضو منذ', 'قطع الاتصال', 'إنشاء الرمز', 'حذف حسابي']) t.match(res.body, words, words)
    for (const french of ['Appareils connectés', 'Jetons d’accès personnels', 'Supprimer le compte', 'Membre depuis le', 'Espace utilisé', 'Qui a consulté mes documents', 'Créer le jeton', 'Supprimer mon compte', 'Déconnecter']) t.notMatch(res.body, french, `no « ${french} »`)
    const deletion = await arabic('/users/profile/delete')
    t.equal(deletion.statusCode, 200)
    t.match(deletion.body, 'حذف حسابكم؟')
    t.match(deletion.body, 'الحذف نهائيًا')
    const revoke = await arabic(`/users/profile/tokens/${token.json().id}/revoke`)
    t.equal(revoke.statusCode, 200)
    t.match(revoke.body, 'إلغاء الرمز « Export »؟')
    t.notMatch(revoke.body, 'Révoquer')
    const twoFactor = await arabic('/users/profile/two-factor')
    t.equal(twoFactor.statusCode, 200)
    for (const words of ['المصادقة الثنائية', 'امسحوا رمز QR هذا', 'كلمة المرور', 'رمز من 6 أرقام', 'تفعيل المصادقة الثنائية']) t.match(twoFactor.body, words, words)
    for (const french of ['Scannez ce QR code', 'Code à 6 chiffres', 'Activer la double authentification']) t.notMatch(twoFactor.body, french, `no « ${french} »`)
    const activity = await arabic('/users/profile/activity')
    t.equal(activity.statusCode, 200)
    for (const words of ['العودة إلى الملف الشخصي', 'ترقيم الصفحات', 'البحث في النشاط']) t.match(activity.body, words, words)
    t.notMatch(activity.body, /résultat|Retour au profil/)
    for (const words of ['>الرسائل<', '>رزنامتي<', '>الفريق<']) t.match(res.body, words, `the navigation's module links: ${words}`)
    for (const words of ['رقم التعريف الجبائي (NIF)', 'اختيار صورة', 'JPEG أو PNG أو WebP']) t.match(res.body, words, words)
    t.notMatch(res.body, /Choisir une photo|Forme juridique/)
    const password = await arabic('/users/profile/password')
    t.equal(password.statusCode, 200)
    for (const words of ['كلمة المرور الجديدة', 'العودة إلى الملف الشخصي']) t.match(password.body, words, words)
    const missing = await arabic('/users/profile/documents/999999/delete')
    t.equal(missing.statusCode, 404)
    t.match(missing.body, '<title>الصفحة غير موجودة')
    const space = await arabic('/files')
    t.equal(space.statusCode, 200)
    for (const words of ['نوع الوثيقة', 'اختاروا النوع', 'الواردة من المكتب', 'لم يرسل إليكم المكتب أي وثيقة بعد.', 'إرسال']) t.match(space.body, words, words)
    for (const french of ['Selecte le type', 'Reçus du cabinet', 'Envoyez']) t.notMatch(space.body, french, `no « ${french} »`)
    const dashboard = await app.inject({ url: '/admin-dashboard', headers: { cookie: `${admin.cookie}; lang=ar` } })
    t.equal(dashboard.statusCode, 200)
    for (const words of ['لوحة القيادة', 'مستخدمون جدد', 'الرسائل الصادرة', 'طلبات متأخرة']) t.match(dashboard.body, words, words)
    t.notMatch(dashboard.body, /Nouveaux utilisateurs|Courriels sortants/)
    const journal = await app.inject({ url: '/admin-dashboard/journal', headers: { cookie: `${admin.cookie}; lang=ar` } })
    t.equal(journal.statusCode, 200)
    for (const words of ['السجل', 'تصفية السجل', 'عرض الكل']) t.match(journal.body, words, words)
    t.notMatch(journal.body, /Tout afficher|Filtrer le journal/)
    // The back-office's lists: their page, columns, actions and confirmation pages (made per language).
    const asAdmin = (path: string) => app.inject({ url: path, headers: { cookie: `${admin.cookie}; lang=ar`, 'sec-fetch-site': 'same-origin' } })
    const newUsers = await asAdmin('/admin-dashboard/new-users')
    t.equal(newUsers.statusCode, 200)
    for (const words of ['مستخدمون جدد', 'مستخدمون في انتظار القبول', 'البريد مؤكَّد', 'قبول', 'الإجراءات', 'ترقيم الصفحات']) t.match(newUsers.body, words, words)
    t.notMatch(newUsers.body, /Utilisateurs en attente|E-mail vérifié|>Accepter</)
    for (const words of ['>رسائل العملاء<', '>الرزنامة<', 'إعادة التعيين']) t.match(newUsers.body, words, words)
    const accept = await asAdmin(`/admin-dashboard/new-users/${unaccepted.id}/accept`)
    t.equal(accept.statusCode, 200)
    t.match(accept.body, 'لا يمكن إرجاع مستخدم مقبول إلى الانتظار')
    t.match(accept.body, '>تأكيد<')
    const types = await asAdmin('/admin-dashboard/documents/types')
    for (const words of ['أنواع الوثائق', 'إضافة نوع', 'إنشاء نوع جديد', 'اسم النوع']) t.match(types.body, words, words)
    t.notMatch(types.body, /Ajouter un type|Créer Nouveau Type/)
    const team = await asAdmin('/admin-dashboard/sub-admins')
    for (const words of ['المساعدون', 'دعوة شخص', 'إرسال الدعوة', 'فريق المكتب']) t.match(team.body, words, words)
    t.notMatch(team.body, /Inviter une personne|Envoyer l’invitation/)
    const clientPage = await asAdmin(url)
    for (const words of ['إرسال وثيقة إلى العميل', 'اسم الوثيقة', 'إرسال إلى العميل', 'غير مفعَّلة.']) t.match(clientPage.body, words, words)
    t.notMatch(clientPage.body, /Envoyer au client|Nom du document|Non activée/)
    const clientsList = await asAdmin('/admin-dashboard/clients')
    for (const words of ['العملاء المقبولون', 'كل المكتب', 'عرض الملف الشخصي']) t.match(clientsList.body, words, words)
    const french = await injectAs(app, owner, url)
    for (const words of ['Appareils connectés', 'Jetons d’accès personnels', 'Supprimer le compte', 'Qui a consulté mes documents']) t.match(french.body, words, `French by default: ${words}`)
  })
})
