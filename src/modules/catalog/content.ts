/** Every fact about the firm, in one place; pages, the shell and the footer read them from here. */

export interface Slide {
  title: string
  description: string
  image: string
  alt: string
}

export interface Service {
  id: string
  title: string
  /** Short text of the home page card. */
  summary: string
  /** Longer text and points of the services page. */
  description: string
  points: string[]
  image: string
  alt: string
}

export interface ReferenceSite {
  nameFr: string
  nameAr: string
  url: string
  logo: string
}

const image = (file: string) => `/static/images/${file}`

export const site = {
  name: 'Cabinet Benali — Expertise Comptable, Audit et Conseil Bancaire',
  shortName: 'Cabinet Benali',
  principal: 'M. Karim Benali',
  principalTitle: 'Expert-Comptable et Commissaire aux Comptes',
  taglineFr: 'Votre partenaire de confiance en comptabilité, audit et conseil bancaire',
  taglineAr: 'شريككم الموثوق في المحاسبة والتدقيق والاستشارة المصرفية',
  address: '12 rue Didouche Mourad, Alger-Centre 16000, Algérie',
  /** The same address in parts, for search engines (JSON-LD). */
  postalAddress: { streetAddress: '12 rue Didouche Mourad', addressLocality: 'Alger-Centre', postalCode: '16000', addressRegion: 'Alger', addressCountry: 'DZ' },
  phone: '+213 21 00 00 00',
  email: 'contact@cabinet-benali.dz',
  whatsappNumber: '213550000000',
  whatsappGreeting: 'السلام عليكم، أريد الحصول على معلومات حول خدماتكم',
  mapEmbedUrl: 'https://www.google.com/maps?q=36.7700,3.0560&z=16&output=embed',
  builder: { name: 'Atelier Web DZ', url: 'https://example.dz' },
  copyrightYear: 2025,
  logo: '/static/logo.svg',
  avatar: '/static/avatar.svg',
  footerServices: ['Comptabilité et fiscalité', 'Audit et commissariat aux comptes', 'Conseil et assistance bancaires'],
} as const

/** The link of the floating messaging button, with its prefilled Arabic greeting. */
export const whatsappUrl = `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(site.whatsappGreeting)}`

export const slides: Slide[] = [
  {
    title: 'Etude Techno-économique',
    description:
      "Des études technico-économiques solides pour vos projets d'investissement, vos demandes de financement et vos dossiers ANADE, CNAC ou ANDI.",
    image: image('slide-etude.svg'),
    alt: 'Graphique de croissance et plans de projet',
  },
  {
    title: 'Commissariat aux Comptes',
    description:
      'Une certification indépendante de vos comptes annuels, dans le respect des normes algériennes et des obligations légales de votre société.',
    image: image('slide-audit.svg'),
    alt: 'Loupe posée sur des états financiers',
  },
  {
    title: 'Conseil et assistance Bancaires',
    description:
      'Un accompagnement auprès de vos banques : montage des dossiers de crédit, opérations de commerce extérieur et suivi des contentieux.',
    image: image('slide-banque.svg'),
    alt: "Façade d'une banque et pièces de monnaie",
  },
]

export const services: Service[] = [
  {
    id: 'comptabilite',
    title: 'Services de Comptabilité',
    summary: 'Tenue de votre comptabilité, déclarations fiscales et sociales, et établissement de vos états financiers.',
    description:
      'Nous prenons en charge la comptabilité de votre entreprise selon le Système Comptable Financier (SCF), pour que vous vous consacriez à votre activité.',
    points: [
      'Tenue et révision de la comptabilité générale',
      'Déclarations fiscales mensuelles et annuelles (G50, liasse fiscale)',
      'Déclarations sociales (CNAS, CASNOS) et paie',
      'Établissement des états financiers annuels',
    ],
    image: image('service-comptabilite.svg'),
    alt: 'Registre comptable et calculatrice',
  },
  {
    id: 'commissariat',
    title: 'Commissariat aux Comptes',
    summary: 'Certification légale et indépendante de la régularité et de la sincérité de vos comptes annuels.',
    description:
      "Mandaté par l'assemblée générale, le commissaire aux comptes certifie que les comptes de la société sont réguliers, sincères et donnent une image fidèle de sa situation.",
    points: [
      'Certification des comptes annuels',
      'Rapports spéciaux sur les conventions réglementées',
      'Vérification des informations données aux associés',
      'Missions légales lors des opérations sur le capital',
    ],
    image: image('service-commissariat.svg'),
    alt: 'Document certifié avec un sceau',
  },
  {
    id: 'banque',
    title: 'Services et suivis bancaires',
    summary: 'Accompagnement de vos opérations de commerce extérieur, de vos demandes de crédit et de vos contentieux bancaires.',
    description:
      'Nous vous représentons et vous conseillons dans vos relations avec les banques, de la préparation des dossiers au suivi des engagements.',
    points: [
      'Commerce extérieur : domiciliations, crédits documentaires, remises documentaires',
      "Crédit : montage des dossiers d'exploitation et d'investissement",
      'Contentieux : analyse, négociation et suivi des litiges bancaires',
    ],
    image: image('service-banque.svg'),
    alt: 'Bâtiment de banque',
  },
  {
    id: 'audit',
    title: 'Audit des entreprises',
    summary: 'Audit contractuel de votre organisation : contrôle interne, risques, stocks et immobilisations.',
    description:
      'Un regard extérieur sur votre organisation pour fiabiliser vos informations, protéger votre patrimoine et améliorer vos performances.',
    points: [
      'Évaluation du contrôle interne et des procédures',
      'Cartographie et prévention des risques',
      'Inventaire et valorisation des stocks',
      'Inventaire et rapprochement des immobilisations',
    ],
    image: image('service-audit.svg'),
    alt: 'Liste de contrôle et graphique',
  },
]

export const referenceSites: ReferenceSite[] = [
  { nameFr: 'Centre National du Registre du Commerce', nameAr: 'المركز الوطني للسجل التجاري', url: 'https://sidjilcom.cnrc.dz', logo: image('ref-cnrc.svg') },
  { nameFr: 'Direction Générale des Impôts', nameAr: 'المديرية العامة للضرائب', url: 'https://www.mfdgi.gov.dz', logo: image('ref-dgi.svg') },
  { nameFr: 'Journal Officiel', nameAr: 'الجريدة الرسمية', url: 'https://www.joradp.dz', logo: image('ref-jo.svg') },
]
