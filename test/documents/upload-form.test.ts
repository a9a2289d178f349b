// The upload island's parts that need no browser (issue 16): what it renders for a request's fixed
// type, and the multipart body each file is sent with (requestId only when answering a request).
import t from 'tap'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import UploadForm from '../../views/islands/UploadForm.js'
import { multipartBody } from '../../views/islands/upload/send-file.js'

const base = { userId: 7, types: ['Bilan', 'Bulletins de paie'], maxBytes: 20 * 1024 * 1024 }

t.test('the type is chosen in a select, or shown as text when the request fixes it', async (t) => {
  const free = renderToString(createElement(UploadForm, base))
  t.match(free, /<select[^>]*name="type"/, 'a select')
  // Several files once the script runs (test/browser/upload-several.test.ts); the server's HTML posts one (contract §8).
  t.notMatch(free, /<input[^>]*type="file"[^>]*multiple/, 'one file before the script')
  t.match(free, /<label[^>]*>Fichier<\/label>/)
  const fixed = renderToString(createElement(UploadForm, { ...base, requestId: 12, fixedType: { id: 3, typeName: 'Bulletins de paie' } }))
  t.notMatch(fixed, /<select/, 'no select')
  t.match(fixed, /Type de document : <strong>Bulletins de paie<\/strong>/, 'the fixed type as text')
  t.match(fixed, /<input type="hidden" name="requestId" value="12"\/>/, 'the request it answers, for the post without JavaScript')
  t.notMatch(free, /name="requestId"/)
})

t.test('each file’s body: the file first, then the fields that have a value', async (t) => {
  const file = new File(['%PDF-1.4'], 'paie.pdf', { type: 'application/pdf' })
  const answering = multipartBody(file, { type: 'Bilan', userId: 7, description: '', requestId: 12 })
  t.same([...answering.keys()], ['file', 'type', 'userId', 'description', 'requestId'])
  t.equal(answering.get('requestId'), '12')
  t.equal((answering.get('file') as File).name, 'paie.pdf')
  const plain = multipartBody(file, { type: 'Bilan', userId: 7, description: 'd', requestId: undefined })
  t.same([...plain.keys()], ['file', 'type', 'userId', 'description'], 'no requestId outside a request')
})
