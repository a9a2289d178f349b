import { catalogue } from '../../shared/words.js'

/**
 * The public site's own words (issue 31, contract §10): the home page, the services page, the
 * contact section and the privacy notice's headings. The firm's texts are site.json's (./content.ts);
 * these are the page's. The French ones are the specification's, word for word ("Notre Services").
 */
export const siteWords = /* @__PURE__ */ catalogue({
  fr: {
    home: {
      title: 'Accueil',
      description: (name: string) => `${name} : comptabilité, commissariat aux comptes et conseil bancaire en Algérie.`,
      carousel: 'carrousel',
      carouselLabel: "Nos domaines d'expertise",
      slide: 'diapositive',
      slideOf: (n: number, count: number) => `${n} sur ${count}`,
      more: 'En savoir plus',
      kicker: 'Ce que nous faisons',
      services: 'Notre Services',
      discover: 'Découvrir',
      references: 'Sites de référence',
      newTab: ' (nouvel onglet)',
    },
    services: {
      title: 'Nos services',
      description: 'Comptabilité, commissariat aux comptes, services bancaires et audit des entreprises.',
      lead: 'Un accompagnement complet, de la tenue de vos comptes à vos relations avec les banques.',
      contact: 'Contactez-nous',
    },
    contact: {
      title: 'Contactez-nous',
      description: (name: string) => `Écrivez au ${name} : une question sur nos services, un rendez-vous, un devis.`,
      intro: 'Une question sur nos services ? Écrivez-nous, nous vous répondrons rapidement.',
      map: (name: string) => `Plan d’accès au ${name}`,
    },
    privacy: {
      title: 'Politique de confidentialité',
      description: (name: string) => `Comment le ${name} traite vos données personnelles, combien de temps il les garde et comment exercer vos droits.`,
      updated: 'Mise à jour le',
      controller: 'Responsable du traitement',
      dpo: 'Délégué à la protection des données',
      purposes: 'Données traitées et finalités',
      retention: 'Durées de conservation',
      rights: 'Vos droits',
      howTo: 'Comment exercer vos droits',
      authority: 'Autorité de contrôle',
      law: 'Cadre légal',
      email: 'E-mail :',
      phone: 'Tél. :',
      address: 'Adresse :',
      newTab: ' (nouvel onglet)',
    },
  },
  ar: {
    home: {
      title: 'الرئيسية',
      description: (name: string) => `${name}: المحاسبة ومحافظة الحسابات والاستشارة المصرفية في الجزائر.`,
      carousel: 'عرض متتابع',
      carouselLabel: 'مجالات خبرتنا',
      slide: 'شريحة',
      slideOf: (n: number, count: number) => `${n} من ${count}`,
      more: 'اعرف المزيد',
      kicker: 'ما نقوم به',
      services: 'خدماتنا',
      discover: 'اكتشف',
      references: 'مواقع مرجعية',
      newTab: ' (علامة تبويب جديدة)',
    },
    services: {
      title: 'خدماتنا',
      description: 'المحاسبة، ومحافظة الحسابات، والخدمات المصرفية، وتدقيق المؤسسات.',
      lead: 'مرافقة شاملة، من مسك حساباتكم إلى علاقاتكم مع البنوك.',
      contact: 'اتصلوا بنا',
    },
    contact: {
      title: 'اتصلوا بنا',
      description: (name: string) => `راسلوا ${name}: سؤال عن خدماتنا، أو موعد، أو عرض أسعار.`,
      intro: 'لديكم سؤال عن خدماتنا؟ راسلونا وسنردّ عليكم في أقرب وقت.',
      map: (name: string) => `خريطة الوصول إلى ${name}`,
    },
    privacy: {
      title: 'سياسة الخصوصية',
      description: (name: string) => `كيف يعالج ${name} معطياتكم الشخصية، وكم من الوقت يحتفظ بها، وكيف تمارسون حقوقكم.`,
      updated: 'آخر تحديث في',
      controller: 'المسؤول عن المعالجة',
      dpo: 'مندوب حماية المعطيات',
      purposes: 'المعطيات المعالَجة والغايات',
      retention: 'مدد الاحتفاظ',
      rights: 'حقوقكم',
      howTo: 'كيف تمارسون حقوقكم',
      authority: 'سلطة الرقابة',
      law: 'الإطار القانوني',
      email: 'البريد الإلكتروني:',
      phone: 'الهاتف:',
      address: 'العنوان:',
      newTab: ' (علامة تبويب جديدة)',
    },
  },
})

/** The carousel island's controls, handed to it as props (plain strings) in the page's language (views/islands/Carousel.tsx says why). */
export const carouselWords = /* @__PURE__ */ catalogue({
  fr: { previous: 'Diapositive précédente', next: 'Diapositive suivante', goTo: 'Aller à la diapositive', pause: 'Pause', resume: 'Reprendre' },
  ar: { previous: 'الشريحة السابقة', next: 'الشريحة التالية', goTo: 'الانتقال إلى الشريحة', pause: 'إيقاف مؤقت', resume: 'استئناف' },
})
export type CarouselWords = (typeof carouselWords)['fr']
