import { catalogue } from '../../shared/words.js'

/**
 * The words of the profile's islands that identity owns (issue 31): the devices connected, the
 * personal access tokens and the deletion of the account, one catalogue each, so that each island's
 * bundle carries only its own.
 */
export const sessionWords = /* @__PURE__ */ catalogue({
  fr: {
    lead: 'Les appareils et navigateurs connectés à votre compte. Déconnectez ceux que vous ne reconnaissez pas.',
    device: 'Appareil',
    address: 'Adresse IP',
    opened: 'Connecté le',
    lastSeen: 'Dernière activité',
    current: 'cet appareil',
    end: 'Déconnecter',
    ending: 'Déconnexion…',
    endOthers: 'Déconnecter les autres appareils',
    unknownAddress: 'inconnue',
    action: 'Action',
  },
  ar: {
    lead: 'الأجهزة والمتصفحات المتصلة بحسابكم. افصلوا ما لا تعرفونه منها.',
    device: 'الجهاز',
    address: 'عنوان IP',
    opened: 'متصل منذ',
    lastSeen: 'آخر نشاط',
    current: 'هذا الجهاز',
    end: 'قطع الاتصال',
    ending: 'جارٍ قطع الاتصال…',
    endOthers: 'قطع اتصال الأجهزة الأخرى',
    unknownAddress: 'غير معروف',
    action: 'إجراء',
  },
})

export const tokenWords = /* @__PURE__ */ catalogue({
  fr: {
    lead: 'Un jeton permet à un script ou à un logiciel d’utiliser l’API du portail en votre nom (en-tête « Authorization: Bearer »), avec vos droits. Il ne permet pas de gérer votre compte : mot de passe, double authentification, sessions et jetons.',
    name: 'Nom du jeton',
    nameHint: 'Pour le reconnaître plus tard, par exemple « Export comptable ».',
    days: 'Validité (jours)',
    daysHint: (min: number, max: number) => `Entre ${min} et ${max} jours.`,
    create: 'Créer le jeton',
    creating: 'Création…',
    createdTitle: 'Votre nouveau jeton',
    createdWarning: 'Copiez-le maintenant : il ne sera plus jamais affiché. Gardez-le secret, comme un mot de passe.',
    copy: 'Copier le jeton',
    copied: 'Jeton copié.',
    copyFailed: 'La copie a échoué : sélectionnez le jeton et copiez-le vous-même.',
    done: 'J’ai copié le jeton',
    empty: 'Aucun jeton d’accès.',
    createdAt: 'Créé le',
    lastUsed: 'Dernière utilisation',
    never: 'jamais',
    expires: 'Expire le',
    revoke: 'Révoquer',
    revoking: 'Révocation…',
    revokeTitle: (name: string) => `Révoquer le jeton « ${name} » ?`,
    action: 'Action',
  },
  ar: {
    lead: 'يسمح الرمز لبرنامج نصي أو لتطبيق باستعمال واجهة البوابة البرمجية باسمكم (الترويسة « Authorization: Bearer »)، بصلاحياتكم. ولا يسمح بإدارة حسابكم: كلمة المرور والمصادقة الثنائية والجلسات والرموز.',
    name: 'اسم الرمز',
    nameHint: 'للتعرف عليه لاحقًا، مثلًا « تصدير محاسبي ».',
    days: 'الصلاحية (أيام)',
    daysHint: (min: number, max: number) => `بين ${min} و${max} يومًا.`,
    create: 'إنشاء الرمز',
    creating: 'جارٍ الإنشاء…',
    createdTitle: 'رمزكم الجديد',
    createdWarning: 'انسخوه الآن: لن يُعرض مرة أخرى أبدًا. احتفظوا به سرًّا مثل كلمة المرور.',
    copy: 'نسخ الرمز',
    copied: 'تم نسخ الرمز.',
    copyFailed: 'تعذّر النسخ: حدِّدوا الرمز وانسخوه بأنفسكم.',
    done: 'نسخت الرمز',
    empty: 'لا يوجد أي رمز وصول.',
    createdAt: 'أُنشئ في',
    lastUsed: 'آخر استعمال',
    never: 'أبدًا',
    expires: 'ينتهي في',
    revoke: 'إلغاء',
    revoking: 'جارٍ الإلغاء…',
    revokeTitle: (name: string) => `إلغاء الرمز « ${name} »؟`,
    action: 'إجراء',
  },
})

/** The company identifiers' form (contract §11): its labels and choices. */
export const companyFormWords = /* @__PURE__ */ catalogue({
  fr: {
    labels: { nif: 'NIF', nis: 'NIS', rc: 'Registre du commerce (RC)', articleImposition: 'Article d’imposition', legalForm: 'Forme juridique', taxRegime: 'Régime fiscal', employer: 'Employeur' },
    personal: 'EI (personne physique)',
    other: 'Autre',
    reel: 'Réel',
    ifu: 'IFU',
    yes: 'Oui',
    no: 'Non',
    save: 'Enregistrer',
  },
  ar: {
    labels: { nif: 'رقم التعريف الجبائي (NIF)', nis: 'رقم التعريف الإحصائي (NIS)', rc: 'السجل التجاري (RC)', articleImposition: 'مادة الضريبة', legalForm: 'الشكل القانوني', taxRegime: 'النظام الجبائي', employer: 'مستخدِم' },
    personal: 'EI (شخص طبيعي)',
    other: 'غير ذلك',
    reel: 'النظام الحقيقي',
    ifu: 'الضريبة الجزافية الوحيدة (IFU)',
    yes: 'نعم',
    no: 'لا',
    save: 'حفظ',
  },
})

export const deleteAccountWords = /* @__PURE__ */ catalogue({
  fr: {
    confirmTitle: 'Supprimer votre compte ?',
    confirmText: 'Votre compte, vos documents et votre photo seront supprimés définitivement et vous ne pourrez plus vous connecter. Cette action est irréversible.',
    confirmLabel: 'Supprimer définitivement',
    lead: 'La suppression de votre compte efface aussi vos documents et votre photo. Elle est définitive.',
    deleting: 'Suppression…',
    delete: 'Supprimer mon compte',
    deleted: 'Votre compte a été supprimé. Retour à l’accueil…',
    deletedToast: 'Compte supprimé.',
    username: 'Nom d’utilisateur',
    email: 'E-mail',
  },
  ar: {
    confirmTitle: 'حذف حسابكم؟',
    confirmText: 'سيُحذف حسابكم ووثائقكم وصورتكم نهائيًا ولن تتمكنوا من تسجيل الدخول بعد ذلك. لا يمكن التراجع عن هذا الإجراء.',
    confirmLabel: 'الحذف نهائيًا',
    lead: 'حذف حسابكم يمحو أيضًا وثائقكم وصورتكم. وهو نهائي.',
    deleting: 'جارٍ الحذف…',
    delete: 'حذف حسابي',
    deleted: 'تم حذف حسابكم. العودة إلى الصفحة الرئيسية…',
    deletedToast: 'تم حذف الحساب.',
    username: 'اسم المستخدم',
    email: 'البريد الإلكتروني',
  },
})
