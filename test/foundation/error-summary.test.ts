// The summary at the top of a form (views/components/FormErrors.tsx): which errors it shows, so that no
// refusal is lost when a form shows only what belongs to none of its fields.
import t from 'tap'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { ErrorSummary } from '../../views/components/FormErrors.js'
import type { FormState } from '../../src/shared/form-state.js'

const form: FormState = {
  values: {},
  errors: [
    { field: 'oldPassword', message: 'Ancien mot de passe incorrect.' },
    { message: 'Trop de tentatives.' },
    { field: 'elsewhere', message: 'Une erreur sous un champ absent.' },
  ],
}
const html = (props: Partial<Parameters<typeof ErrorSummary>[0]>) => renderToStaticMarkup(createElement(ErrorSummary, { form, ...props }))

t.test('every error for a form of several fields', async (t) => {
  const out = html({})
  for (const { message } of form.errors) t.match(out, message)
  t.match(out, 'Le formulaire contient des erreurs')
  t.match(out, 'role="alert"')
})

t.test('several false: what belongs to no field, and to a field the form does not have', async (t) => {
  const out = html({ several: false, fields: ['oldPassword', 'newPassword'] })
  t.notMatch(out, 'Ancien mot de passe incorrect.', 'shown under its own field, not here')
  t.match(out, 'Trop de tentatives.')
  t.match(out, 'Une erreur sous un champ absent.', 'a field the form does not show: here, or nowhere')
  t.notMatch(html({ several: false }), 'Une erreur sous un champ absent.', 'without `fields`, as before: every field is taken as the form’s')
})

t.test('toasted: no second alert; nothing to show: nothing rendered', async (t) => {
  t.notMatch(html({ toasted: true }), 'role="alert"')
  t.equal(renderToStaticMarkup(createElement(ErrorSummary, { form: { values: {}, errors: [] } })), '')
  t.equal(renderToStaticMarkup(createElement(ErrorSummary, { form: undefined })), '')
})
