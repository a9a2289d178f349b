import { catalogue } from '../src/shared/words.js'

/**
 * The words of views/ that belong to no module (issue 31): the islands runtime's calls, the shell.
 * Plain data: islands and server components import the catalogue they show (`useWords`).
 */

/** What a call that failed without the server's own words says (spec §8). */
export const clientWords = /* @__PURE__ */ catalogue({
  fr: { unexpected: 'An unexpected error occurred' },
  ar: { unexpected: 'حدث خطأ غير متوقع' },
})

/** The shell's words: header, navigation, footer, floating controls, sidebar (spec §2, Shell). */
export const shellWords = /* @__PURE__ */ catalogue({
  fr: {
    skipLink: 'Aller au contenu principal',
    pendingNotice: 'Votre compte est en attente d’acceptation par le cabinet. Vous recevrez un e-mail dès que votre espace documents sera ouvert.',
    shortcuts: 'Raccourcis',
    mainNavigation: 'Navigation principale',
    menu: 'Menu',
    nav: { home: 'Accueil', documents: 'Documents', dashboard: 'Tableau_Bord', services: 'Services', contact: 'Contact', login: 'Se connecte', register: "S'inscrire" },
    profile: 'Profile',
    logout: 'Déconnecte',
    administration: 'Administration',
    adminMenu: 'Menu d’administration',
    adminLogout: 'Déconnexion',
    closeToast: 'Fermer la notification',
    ourServices: 'Nos services',
    contactHeading: 'Contact',
    phone: 'Tél. :',
    email: 'E-mail :',
    rights: 'Tous droits réservés.',
    privacy: 'Confidentialité',
    builtBy: 'Réalisé par',
    whatsapp: 'Nous écrire sur WhatsApp (nouvel onglet)',
    theme: {
      floating: { dark: 'LTH', light: 'DRK' },
      // The name starts with the visible text, so voice control finds it by what it shows (WCAG 2.5.3).
      floatingName: { dark: 'LTH : passer au thème clair', light: 'DRK : passer au thème sombre' },
      menu: { dark: 'Thème clair', light: 'Thème sombre' },
    },
  },
  ar: {
    skipLink: 'الانتقال إلى المحتوى الرئيسي',
    pendingNotice: 'حسابكم في انتظار قبول المكتب. ستتلقّون بريدًا إلكترونيًا فور فتح فضاء وثائقكم.',
    shortcuts: 'اختصارات',
    mainNavigation: 'التنقل الرئيسي',
    menu: 'القائمة',
    nav: { home: 'الرئيسية', documents: 'الوثائق', dashboard: 'لوحة التحكم', services: 'الخدمات', contact: 'اتصل بنا', login: 'تسجيل الدخول', register: 'إنشاء حساب' },
    profile: 'الملف الشخصي',
    logout: 'تسجيل الخروج',
    administration: 'الإدارة',
    adminMenu: 'قائمة الإدارة',
    adminLogout: 'تسجيل الخروج',
    closeToast: 'إغلاق الإشعار',
    ourServices: 'خدماتنا',
    contactHeading: 'اتصل بنا',
    phone: 'الهاتف:',
    email: 'البريد الإلكتروني:',
    rights: 'جميع الحقوق محفوظة.',
    privacy: 'سياسة الخصوصية',
    builtBy: 'إنجاز',
    whatsapp: 'راسلونا عبر واتساب (علامة تبويب جديدة)',
    theme: {
      floating: { dark: 'فاتح', light: 'داكن' },
      floatingName: { dark: 'فاتح: التبديل إلى المظهر الفاتح', light: 'داكن: التبديل إلى المظهر الداكن' },
      menu: { dark: 'المظهر الفاتح', light: 'المظهر الداكن' },
    },
  },
})

/** The line near a form's submit that links to the privacy notice (contract §12): registration and contact. */
export const privacyLineWords = /* @__PURE__ */ catalogue({
  fr: { line: 'Vos données sont traitées comme le décrit notre', link: 'politique de confidentialité' },
  ar: { line: 'تُعالَج معطياتكم وفق ما تصفه', link: 'سياسة الخصوصية' },
})

/** The admin sidebar's pages (spec §2, Admin sidebar), by their address. */
export const adminNavWords = /* @__PURE__ */ catalogue({
  fr: {
    dashboard: 'Tableau de bord',
    newUsers: 'Nouveaux utilisateurs',
    clients: 'Clients',
    newDocuments: 'Nouveaux documents',
    documents: 'Documents consultés',
    archived: 'Documents archivés',
    types: 'Types de documents',
    subAdmins: 'Sous-admins',
    messages: 'Messages',
    journal: 'Journal',
  },
  ar: {
    dashboard: 'لوحة التحكم',
    newUsers: 'المستخدمون الجدد',
    clients: 'العملاء',
    newDocuments: 'الوثائق الجديدة',
    documents: 'الوثائق المُطَّلع عليها',
    archived: 'الوثائق المؤرشفة',
    types: 'أنواع الوثائق',
    subAdmins: 'المسؤولون الفرعيون',
    messages: 'الرسائل',
    journal: 'السجل',
  },
})

/** The error pages' words (spec §2, 404 page). */
export const errorPageWords = /* @__PURE__ */ catalogue({
  fr: {
    notFound: 'Page non trouvée',
    notFoundText: "Désolé, la page que vous recherchez n'existe pas.",
    home: "Allez à l'accueil",
    error: 'Une erreur est survenue',
    notFoundDescription: "Cette page n'existe pas.",
    errorTitle: 'Erreur',
    errorDescription: 'Une erreur est survenue.',
  },
  ar: {
    notFound: 'الصفحة غير موجودة',
    notFoundText: 'عذرًا، الصفحة التي تبحثون عنها غير موجودة.',
    home: 'العودة إلى الصفحة الرئيسية',
    error: 'حدث خطأ',
    notFoundDescription: 'هذه الصفحة غير موجودة.',
    errorTitle: 'خطأ',
    errorDescription: 'حدث خطأ.',
  },
})

/** The form components' words (views/components: fields, passwords, error summaries). */
export const formPartsWords = /* @__PURE__ */ catalogue({
  fr: {
    confirmPassword: 'Confirmer le mot de passe',
    show: (label: string) => `Afficher ${label.toLowerCase()}`,
    hide: (label: string) => `Masquer ${label.toLowerCase()}`,
    oneError: 'Le formulaire contient une erreur :',
    severalErrors: 'Le formulaire contient des erreurs :',
    cancel: 'Annuler',
    uploadProgress: 'Progression de l’envoi',
    cancelUpload: 'Annuler l’envoi',
  },
  ar: {
    confirmPassword: 'تأكيد كلمة المرور',
    show: (label: string) => `إظهار ${label}`,
    hide: (label: string) => `إخفاء ${label}`,
    oneError: 'تحتوي الاستمارة على خطأ:',
    severalErrors: 'تحتوي الاستمارة على أخطاء:',
    cancel: 'إلغاء',
    uploadProgress: 'تقدُّم الإرسال',
    cancelUpload: 'إلغاء الإرسال',
  },
})
