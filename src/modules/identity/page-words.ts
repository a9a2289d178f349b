import { catalogue } from '../../shared/words.js'

/**
 * Identity's pages' and islands' words (issue 31), in each language: an island imports this
 * catalogue (and ./validation.ts's `formWords` for its form's messages), never ./words.ts's.
 */
export const pageWords = /* @__PURE__ */ catalogue({
  fr: {
    // E-mail verification (spec §2, §8)
    verifiedDefault: 'Votre adresse e-mail a été vérifiée avec succès. Vous pouvez maintenant vous connecter.',
    verifiedTitle: 'E-mail vérifié',
    login: 'Se connecter',
    verifyLead: 'Confirmez votre adresse e-mail pour activer votre compte.',
    verifying: 'Vérification…',
    verify: 'Vérifier mon adresse e-mail',
    verifyInvalidTitle: 'E-mail non trouvé',
    register: 'S’inscrire',
    verifyInvalidText: 'Ce lien de vérification est invalide ou a expiré.',
    // Password reset (spec §2)
    resetInvalidTitle: 'Lien Invalide !',
    retry: 'Réessayer',
    resetInvalidText: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    resetDefault: 'Votre mot de passe a été réinitialisé.',
    newPassword: 'Nouveau mot de passe',
    saving: 'Enregistrement…',
    reset: 'Réinitialiser',
    // Change password (spec §8)
    changeFailed: 'Erreur lors de changement du votre mot de pass',
    changedDefault: 'Mot de passe modifié.',
    changePassword: 'Changer le mot de passe',
    oldPassword: 'Ancien mot de passe',
    cancel: 'Annuler',
    save: 'Enregistrer',
  },
  ar: {
    verifiedDefault: 'تم التحقق من بريدكم الإلكتروني بنجاح. يمكنكم الآن تسجيل الدخول.',
    verifiedTitle: 'تم التحقق من البريد الإلكتروني',
    login: 'تسجيل الدخول',
    verifyLead: 'أكّدوا بريدكم الإلكتروني لتفعيل حسابكم.',
    verifying: 'جارٍ التحقق…',
    verify: 'التحقق من بريدي الإلكتروني',
    verifyInvalidTitle: 'البريد الإلكتروني غير موجود',
    register: 'إنشاء حساب',
    verifyInvalidText: 'رابط التحقق هذا غير صالح أو انتهت صلاحيته.',
    resetInvalidTitle: 'رابط غير صالح!',
    retry: 'إعادة المحاولة',
    resetInvalidText: 'رابط إعادة التعيين هذا غير صالح أو انتهت صلاحيته. اطلبوا رابطًا جديدًا.',
    resetDefault: 'تمت إعادة تعيين كلمة المرور.',
    newPassword: 'كلمة المرور الجديدة',
    saving: 'جارٍ الحفظ…',
    reset: 'إعادة التعيين',
    changeFailed: 'حدث خطأ أثناء تغيير كلمة المرور',
    changedDefault: 'تم تغيير كلمة المرور.',
    changePassword: 'تغيير كلمة المرور',
    oldPassword: 'كلمة المرور القديمة',
    cancel: 'إلغاء',
    save: 'حفظ',
  },
})
