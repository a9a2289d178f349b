/** Every fact about the firm, in one place; pages and the footer read them from here. */
export const site = {
  name: 'Cabinet Benali — Expertise Comptable, Audit et Conseil Bancaire',
  shortName: 'Cabinet Benali',
  principal: 'M. Karim Benali, Expert-Comptable et Commissaire aux Comptes',
  taglineFr: 'Votre partenaire de confiance en comptabilité, audit et conseil bancaire',
  taglineAr: 'شريككم الموثوق في المحاسبة والتدقيق والاستشارة المصرفية',
  address: '12 rue Didouche Mourad, Alger-Centre 16000, Algérie',
  phone: '+213 21 00 00 00',
  email: 'contact@cabinet-benali.dz',
  whatsappNumber: '213550000000',
  whatsappGreeting: 'السلام عليكم، أريد الحصول على معلومات حول خدماتكم',
  mapEmbedUrl: 'https://www.google.com/maps?q=36.7700,3.0560&z=16&output=embed',
  builder: { name: 'Atelier Web DZ', url: 'https://example.dz' },
  copyrightYear: 2025,
} as const
