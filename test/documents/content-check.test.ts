import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import t from 'tap'
import { ContentCheck, ContentRefused, KIND_BY_EXTENSION } from '../../src/modules/documents/content-check.js'
import { cleanFileName } from '../../src/modules/documents/store.js'
import { checkNewType, checkUpload, previewOf } from '../../src/modules/documents/validation.js'
import { DOCX, PDF, PLAIN_ZIP, XLSX, zip } from './fixtures.js'

/** Streams `bytes` through the check in pieces of `piece` bytes; true when accepted. */
async function accepted(ext: keyof typeof KIND_BY_EXTENSION, bytes: Buffer, piece = 7): Promise<boolean> {
  const pieces: Buffer[] = []
  for (let at = 0; at < bytes.length; at += piece) pieces.push(bytes.subarray(at, at + piece))
  try {
    await pipeline(Readable.from(pieces), new ContentCheck(KIND_BY_EXTENSION[ext]), new Writable({ write: (_c, _e, done) => done() }))
    return true
  } catch (error) {
    if (error instanceof ContentRefused) return false
    throw error
  }
}

t.test('signatures are checked however the bytes are cut', async (t) => {
  for (const piece of [1, 3, 4096]) {
    t.ok(await accepted('pdf', PDF, piece), `PDF in pieces of ${piece}`)
    t.ok(await accepted('docx', DOCX, piece), `docx in pieces of ${piece}`)
    t.notOk(await accepted('pdf', Buffer.from('%PDF'), piece), 'a header cut short')
  }
})

t.test('docx and xlsx: a zip with a consistent central directory that lists the main part', async (t) => {
  t.ok(await accepted('xlsx', XLSX))
  t.notOk(await accepted('docx', PLAIN_ZIP), 'any zip is not a docx')
  t.notOk(await accepted('docx', zip(['word/document.xml'])), 'no [Content_Types].xml')
  t.notOk(await accepted('xlsx', zip(['[Content_Types].xml', 'xl/workbook.xml.bak'])), 'a look-alike name')
  const withComment = Buffer.concat([DOCX.subarray(0, DOCX.length - 2), Buffer.from([5, 0]), Buffer.from('hello')])
  t.ok(await accepted('docx', withComment), 'an archive comment after the end record')
  const padded = Buffer.concat([DOCX, Buffer.from('trailing bytes')])
  t.notOk(await accepted('docx', padded), 'bytes after the end record')
  const big = zip(['[Content_Types].xml', ...Array.from({ length: 30_000 }, (_, i) => `word/media/image-with-a-long-name-${i}.png`), 'word/document.xml'])
  t.notOk(await accepted('docx', big, 64 * 1024), 'a directory larger than the kept tail is refused')
})

t.test('file names are cleaned for display', async (t) => {
  t.equal(cleanFileName('../../etc/passwd.pdf'), 'passwd.pdf')
  t.equal(cleanFileName('C:\\Users\\Amina\\bilan.pdf'), 'bilan.pdf')
  t.equal(cleanFileName('fac\u202Etxt.exe\u0000.pdf'), 'factxt.exe.pdf')
  t.equal(cleanFileName('e\u0301te\u0301.pdf'), 'été.pdf', 'NFC')
  const long = cleanFileName(`${'é'.repeat(300)}.docx`)
  t.equal(long.length, 200)
  t.ok(long.endsWith('.docx'))
})

t.test('the forms’ shared checks, in spec §5 order', async (t) => {
  // The first message is the API's; each field's own is shown under it on a page answered without JavaScript.
  t.same(checkUpload({ description: 'x'.repeat(2001) }, false), {
    ok: false,
    message: 'Type de document requis',
    errors: [
      { field: 'type', message: 'Type de document requis' },
      { field: 'file', message: 'Veuillez sélectionner un fichier' },
      { field: 'description', message: 'La description ne doit pas dépasser 2000 caractères.' },
    ],
  })
  t.match(checkUpload({ type: ' ' }, true), { ok: false, message: 'Type de document requis' })
  t.match(checkUpload({ type: 'Bilan' }, false), { ok: false, message: 'Veuillez sélectionner un fichier', errors: [{ field: 'file' }] })
  t.same(checkUpload({}, true, true), { ok: true, value: { typeName: '', description: '' } }, 'answering a request, no type is asked')
  t.same(checkUpload({ type: ' Bilan ', description: ' d ' }, true), { ok: true, value: { typeName: 'Bilan', description: 'd' } })
  t.same(checkNewType({ typeName: '  ' }), { ok: false, message: 'Nom de Type requis', errors: [{ field: 'typeName', message: 'Nom de Type requis' }] })
  t.same(checkNewType({ typeName: 'a\nb' }), { ok: false, message: 'Le nom du type contient des caractères non autorisés.', errors: [{ field: 'typeName', message: 'Le nom du type contient des caractères non autorisés.' }] })
  t.equal(previewOf('x'.repeat(70)), 'x'.repeat(70))
  t.equal(previewOf('x'.repeat(71)), `${'x'.repeat(70)}...`)
})
