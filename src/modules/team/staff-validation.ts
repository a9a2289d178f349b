import { checkedBy, text, type Checked, type FieldError } from '../../shared/validation.js'
import { catalogue, type WordsLike } from '../../shared/words.js'

/**
 * The firm's team (contract §9): the words of the staff API, the sub-admins screen and a client's
 * « Suivi par » form, and their checks, shared by the routes and the islands. The invitation's own
 * rules (name, address) are identity's `checkInvitation`, handed in: an island imports it from
 * identity's validation, the server through identity's index.
 */
export const STAFF_ROLES = ['admin', 'staff'] as const

/** The sub-admins screen, where its invitation form posts without JavaScript. */
export const SUB_ADMINS_PAGE = '/admin-dashboard/sub-admins'
/** A client's « Suivi par » form: where it posts without JavaScript, and its page. */
export const clientStaffPage = (clientId: number) => `/admin-dashboard/clients/${clientId}/staff`
export type StaffRoleName = (typeof STAFF_ROLES)[number]

export const roleLabels: Record<StaffRoleName, string> = { admin: 'Administrateur', staff: 'Collaborateur' }
export const statusLabels = { invited: 'Invité', active: 'Actif' } as const
export const roleLabelsAr: Record<StaffRoleName, string> = { admin: 'مسؤول', staff: 'متعاون' }
export const statusLabelsAr: WordsLike<typeof statusLabels> = { invited: 'مدعو', active: 'نشط' }

export const staffTexts = {
  roleRequired: 'Le rôle est requis.',
  roleInvalid: 'Le rôle doit être « admin » (administrateur) ou « staff » (collaborateur).',
  notFound: 'Cette personne ne fait pas partie de l’équipe du cabinet.',
  lastAdmin: 'Le cabinet doit garder au moins un administrateur actif : nommez d’abord un autre administrateur.',
  configuredAdmin: 'Ce compte est l’administrateur défini dans la configuration du portail (ADMIN_EMAIL) : il ne peut être ni rétrogradé ni retiré ici. Changez d’abord ADMIN_EMAIL.',
  invited: (email: string) => `Invitation envoyée à ${email}. Le lien est valable 7 jours.`,
  reinvited: (email: string) => `Une nouvelle invitation a été envoyée à ${email} : le lien précédent ne fonctionne plus.`,
  roleChanged: (username: string, role: StaffRoleName) => `${username} est désormais ${role === 'admin' ? 'administrateur' : 'collaborateur'}.`,
  roleUnchanged: (username: string, role: StaffRoleName) => `${username} est déjà ${role === 'admin' ? 'administrateur' : 'collaborateur'}.`,
  removed: (username: string) => `${username} ne fait plus partie de l’équipe du cabinet : ses accès sont fermés.`,
} as const

export const assignmentTexts = {
  clientNotFound: 'Client introuvable.',
  clientNotAccepted: 'Ce client n’est pas encore accepté : seul un client accepté peut être confié à un collaborateur.',
  staffIdsRequired: 'Indiquez qui suit ce client (staffIds, une liste éventuellement vide).',
  staffUnknown: 'Une des personnes choisies ne fait pas partie de l’équipe du cabinet.',
  saved: 'Le suivi du client est enregistré.',
} as const

export const staffTextsAr: WordsLike<typeof staffTexts> = {
  roleRequired: 'الدور مطلوب.',
  roleInvalid: 'يجب أن يكون الدور « admin » (مسؤول) أو « staff » (متعاون).',
  notFound: 'هذا الشخص ليس من فريق المكتب.',
  lastAdmin: 'يجب أن يحتفظ المكتب بمسؤول نشط واحد على الأقل: عيّنوا أولًا مسؤولًا آخر.',
  configuredAdmin: 'هذا الحساب هو المسؤول المحدَّد في إعدادات البوابة (ADMIN_EMAIL): لا يمكن خفض رتبته ولا إخراجه من هنا. غيّروا ADMIN_EMAIL أولًا.',
  invited: (email: string) => `تم إرسال الدعوة إلى ${email}. الرابط صالح لمدة 7 أيام.`,
  reinvited: (email: string) => `تم إرسال دعوة جديدة إلى ${email}: لم يعد الرابط السابق صالحًا.`,
  roleChanged: (username: string, role: StaffRoleName) => `أصبح ${username} ${role === 'admin' ? 'مسؤولًا' : 'متعاونًا'}.`,
  roleUnchanged: (username: string, role: StaffRoleName) => `${username} ${role === 'admin' ? 'مسؤول' : 'متعاون'} من قبل.`,
  removed: (username: string) => `لم يعد ${username} من فريق المكتب: أُغلقت صلاحيات وصوله.`,
}

export const assignmentTextsAr: WordsLike<typeof assignmentTexts> = {
  clientNotFound: 'العميل غير موجود.',
  clientNotAccepted: 'لم يُقبل هذا العميل بعد: لا يُسنَد إلى متعاون إلا عميل مقبول.',
  staffIdsRequired: 'حدّدوا من يتابع هذا العميل (staffIds، قائمة قد تكون فارغة).',
  staffUnknown: 'أحد الأشخاص المختارين ليس من فريق المكتب.',
  saved: 'تم حفظ متابعة العميل.',
}

/** The staff API's and the assignment form's words in each language, the islands' and the server's alike. */
export const staffWords = /* @__PURE__ */ catalogue({ fr: staffTexts, ar: staffTextsAr })
export const assignmentWords = /* @__PURE__ */ catalogue({ fr: assignmentTexts, ar: assignmentTextsAr })
/** A person of the firm's role and status as the pages name them, in each language. */
export const staffLabelWords = /* @__PURE__ */ catalogue({ fr: { roles: roleLabels, statuses: statusLabels }, ar: { roles: roleLabelsAr, statuses: statusLabelsAr } })

type InvitationCheck = (input: Record<string, unknown>) => Checked<{ email: string; username: string }>

/** The role of a firm person: `admin` or `staff`. */
export function checkRole(input: Record<string, unknown>): Checked<{ role: StaffRoleName }> {
  const role = text(input.role)
  return checkedBy(
    [
      [!role, staffTexts.roleRequired, 'role'],
      [!STAFF_ROLES.includes(role as StaffRoleName), staffTexts.roleInvalid, 'role'],
    ],
    () => ({ role: role as StaffRoleName }),
  )
}

/** Inviting a firm person: the invitation's rules (name, address), then the role; every field's first failure. */
export function checkStaffInvitation(input: Record<string, unknown>, checkInvitation: InvitationCheck): Checked<{ email: string; username: string; role: StaffRoleName }> {
  const person = checkInvitation(input)
  const role = checkRole(input)
  if (person.ok && role.ok) return { ok: true, value: { ...person.value, role: role.value.role } }
  const errors: FieldError[] = [...(person.ok ? [] : (person.errors ?? [{ field: 'email', message: person.message }])), ...(role.ok ? [] : (role.errors ?? []))]
  return { ok: false, message: errors[0]!.message, errors }
}

/** More people than any firm has: a longer list is refused before any query (SQLite's bound on a query's parameters). */
const MAX_STAFF_IDS = 500

/** The ids of the people who serve a client, as a form posts them (one `staffIds` per box ticked, or none). */
export function checkStaffIds(value: unknown): Checked<{ staffIds: number[] }> {
  const listed = value === undefined ? [] : Array.isArray(value) ? value : [value]
  const ids = listed.map((item) => (typeof item === 'number' ? item : /^[1-9][0-9]{0,9}$/.test(text(item)) ? Number(text(item)) : NaN))
  const valid = ids.length <= MAX_STAFF_IDS && ids.every((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647)
  return checkedBy([[!valid, assignmentTexts.staffUnknown, 'staffIds']], () => ({ staffIds: [...new Set(ids)] }))
}
