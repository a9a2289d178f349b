import { catalogue } from '../../shared/words.js'

/**
 * The firm's team pages (contract §9, issue 31): the sub-admins screen, « Inviter une personne » and
 * a client's « Suivi par » form, in each language.
 */
export const staffPageWords = /* @__PURE__ */ catalogue({
  fr: {
    title: 'Sous-admins',
    lead: 'L’équipe du cabinet : les administrateurs, qui ont tous les droits, et les collaborateurs, qui suivent les clients qui leur sont confiés.',
    invite: {
      title: 'Inviter une personne',
      lead: 'La personne reçoit un e-mail avec un lien, valable 7 jours, pour choisir son mot de passe. Inviter à nouveau une adresse encore invitée envoie un nouveau lien ; le précédent ne fonctionne plus.',
      email: 'Adresse e-mail',
      username: 'Nom',
      usernameHint: 'Le nom affiché dans le portail ; la personne pourra le corriger en acceptant l’invitation.',
      role: 'Rôle',
      roleHint: 'Un collaborateur ne voit que les clients qui lui sont confiés ; un administrateur a tous les droits.',
      submit: 'Envoyer l’invitation',
      sending: 'Envoi…',
    },
    clientStaff: {
      title: 'Suivi par',
      lead: 'Les collaborateurs cochés voient ce client : ses documents, ses demandes, les documents envoyés par le cabinet et la conversation. Les administrateurs voient tous les clients.',
      nobody: 'Personne dans l’équipe du cabinet pour le moment : invitez d’abord des collaborateurs (Sous-admins).',
      invited: 'invitation en attente',
      submit: 'Enregistrer le suivi',
    },
  },
  ar: {
    title: 'المساعدون',
    lead: 'فريق المكتب: المسؤولون، ولهم كل الصلاحيات، والمتعاونون، الذين يتابعون العملاء الموكَلين إليهم.',
    invite: {
      title: 'دعوة شخص',
      lead: 'يتلقى الشخص رسالة إلكترونية برابط صالح لمدة 7 أيام ليختار كلمة مروره. دعوة عنوان ما زال مدعوًّا ترسل رابطًا جديدًا؛ ولا يبقى الرابط السابق صالحًا.',
      email: 'البريد الإلكتروني',
      username: 'الاسم',
      usernameHint: 'الاسم المعروض في البوابة؛ يمكن للشخص تصحيحه عند قبول الدعوة.',
      role: 'الدور',
      roleHint: 'لا يرى المتعاون إلا العملاء الموكَلين إليه؛ وللمسؤول كل الصلاحيات.',
      submit: 'إرسال الدعوة',
      sending: 'جارٍ الإرسال…',
    },
    clientStaff: {
      title: 'يتابعه',
      lead: 'يرى المتعاونون المحدَّدون هذا العميل: وثائقه وطلباته والوثائق التي أرسلها المكتب والمحادثة. ويرى المسؤولون كل العملاء.',
      nobody: 'لا أحد في فريق المكتب حاليًا: ادعوا أولًا متعاونين (المساعدون).',
      invited: 'دعوة قيد الانتظار',
      submit: 'حفظ المتابعة',
    },
  },
})
