import { arabicDays, catalogue } from '../../shared/words.js'
import { formWords, mailTexts } from './texts.js'

/**
 * The requests module's catalogue (issue 30, 31): the sentences its service refuses with, said at the
 * HTTP edge in the request's language. It is ./texts.ts's `formWords` (the form's messages, shared
 * with the islands); the pages' and islands' words are ./texts.ts's `pageWords`.
 */
export const words = formWords

const { fulfilled: _toTheFirm, ...clientMailTexts } = mailTexts

/**
 * The mails to a client's people about a request and its reminders (contract §10), each in its
 * recipient's language, chosen when it is written to the outbox (a reminder due in weeks keeps the
 * language of that day). The firm's mail (a request fulfilled) stays French: ./texts.ts's `mailTexts.fulfilled`.
 */
export const mailWords = /* @__PURE__ */ catalogue({
  // The note (what the firm typed) follows the lines after a blank one: reminders.ts adds it.
  fr: { greeting: 'Bonjour,', ...clientMailTexts, lines: (type: string, date: string): readonly string[] => clientMailTexts.lines(type, date, '') },
  ar: {
    greeting: 'تحية طيبة،',
    footer: 'رسالة آلية من بوابة العملاء الخاصة بالمكتب.',
    action: 'إرسال الوثيقة',
    created: {
      subject: (title: string) => `يطلب منكم المكتب وثيقة: ${title}`,
      lead: 'يطلب منكم المكتب الوثيقة التالية:',
    },
    soon: {
      subject: (title: string) => `تذكير: ${title} (بعد 3 أيام)`,
      lead: 'تذكير: لا يزال المكتب ينتظر منكم الوثيقة التالية، وموعدها بعد 3 أيام:',
    },
    due: {
      subject: (title: string) => `تذكير: ${title} (اليوم)`,
      lead: 'تذكير: الوثيقة التالية مطلوبة اليوم:',
    },
    overdue: {
      subject: (title: string) => `وثيقة متأخرة: ${title}`,
      lead: (days: number) => `تأخّر إرسال الوثيقة التالية ${arabicDays(days)}:`,
    },
    lines: (type: string, date: string) => [`النوع: ${type}`, `آخر أجل: ${date}`],
  },
})
