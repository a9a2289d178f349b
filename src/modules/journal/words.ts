import { catalogue, type WordsLike } from '../../shared/words.js'

/**
 * The journal's words (contract §6, §10): each action's name, as the journal's page, its filter and a
 * person's activity show it, in French and Arabic. French first; Arabic typed after it; ./actions.ts
 * checks that every action has its name.
 */
const fr = {
  actions: {
    login: 'Connexion',
    'login.failed': 'Connexion refusée',
    logout: 'Déconnexion',
    'password.changed': 'Mot de passe modifié',
    'password.reset': 'Mot de passe réinitialisé',
    'user.registered': 'Inscription',
    'user.verified': 'Adresse vérifiée',
    'user.accepted': 'Compte accepté',
    'user.deleted': 'Compte supprimé',
    'document.uploaded': 'Document déposé',
    'document.viewed': 'Document consulté',
    'document.downloaded': 'Document téléchargé',
    'document.archived': 'Document archivé',
    'document.restored': 'Document restauré',
    'document.deleted': 'Document supprimé',
    'type.created': 'Type créé',
    'type.renamed': 'Type renommé',
    'type.deleted': 'Type supprimé',
    'message.deleted': 'Message supprimé',
    'twofactor.enabled': 'Double authentification activée',
    'twofactor.disabled': 'Double authentification désactivée',
    'session.revoked': 'Session fermée',
    'staff.invited': 'Collaborateur invité',
    'staff.role_changed': 'Rôle modifié',
    'staff.removed': 'Collaborateur retiré',
    'client.assigned': 'Suivi du client modifié',
    'member.invited': 'Membre invité',
    'member.removed': 'Membre retiré',
    'invitation.accepted': 'Invitation acceptée',
    'account.exported': 'Données personnelles exportées',
    'document.held': 'Conservation légale posée',
    'document.released': 'Conservation légale levée',
    'document.purged': 'Document supprimé (durée de conservation écoulée)',
  },
  /** Who did what the portal does by itself (SYSTEM_ACTIONS). */
  system: 'Le portail (automatique)',
}

const ar: WordsLike<typeof fr> = {
  actions: {
    login: 'تسجيل الدخول',
    'login.failed': 'تسجيل دخول مرفوض',
    logout: 'تسجيل الخروج',
    'password.changed': 'تغيير كلمة المرور',
    'password.reset': 'إعادة تعيين كلمة المرور',
    'user.registered': 'تسجيل حساب جديد',
    'user.verified': 'تأكيد البريد الإلكتروني',
    'user.accepted': 'قبول الحساب',
    'user.deleted': 'حذف الحساب',
    'document.uploaded': 'إيداع وثيقة',
    'document.viewed': 'الاطلاع على وثيقة',
    'document.downloaded': 'تنزيل وثيقة',
    'document.archived': 'أرشفة وثيقة',
    'document.restored': 'استعادة وثيقة',
    'document.deleted': 'حذف وثيقة',
    'type.created': 'إنشاء نوع',
    'type.renamed': 'إعادة تسمية نوع',
    'type.deleted': 'حذف نوع',
    'message.deleted': 'حذف رسالة',
    'twofactor.enabled': 'تفعيل المصادقة الثنائية',
    'twofactor.disabled': 'تعطيل المصادقة الثنائية',
    'session.revoked': 'إنهاء جلسة',
    'staff.invited': 'دعوة متعاون',
    'staff.role_changed': 'تغيير الدور',
    'staff.removed': 'إزالة متعاون',
    'client.assigned': 'تعديل متابعة العميل',
    'member.invited': 'دعوة عضو',
    'member.removed': 'إزالة عضو',
    'invitation.accepted': 'قبول دعوة',
    'account.exported': 'تصدير البيانات الشخصية',
    'document.held': 'وضع تحت الحفظ القانوني',
    'document.released': 'رفع الحفظ القانوني',
    'document.purged': 'حذف وثيقة (انقضاء مدة الحفظ)',
  },
  system: 'البوابة (تلقائيًا)',
}

export const words = /* @__PURE__ */ catalogue({ fr, ar })
