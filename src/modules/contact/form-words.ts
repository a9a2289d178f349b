import { PHONE_HINT, PHONE_HINT_AR } from '../../shared/validation.js'
import { catalogue } from '../../shared/words.js'

/** The contact form's labels and button (spec §2, §5), for the island and the page answered again. */
export const contactFormWords = /* @__PURE__ */ catalogue({
  fr: { name: 'Nom', email: 'E-mail', telephone: 'Téléphone', message: 'Message', website: 'Site web', phoneHint: PHONE_HINT, sending: 'Envoi…', send: 'Envoyer' },
  ar: { name: 'الاسم', email: 'البريد الإلكتروني', telephone: 'الهاتف', message: 'الرسالة', website: 'الموقع الإلكتروني', phoneHint: PHONE_HINT_AR, sending: 'جارٍ الإرسال…', send: 'إرسال' },
})
