/** The upload forms' own French words (the checks' messages are in src/modules/documents/validation.ts). */
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`

export const words = {
  typeLabel: 'Type de document',
  typePlaceholder: 'Selecte le type',
  descriptionLabel: 'Description',
  descriptionHint: 'La même description accompagne chaque fichier envoyé ensemble.',
  filesLabel: 'Fichiers',
  /** Without JavaScript the form sends one file. */
  fileLabel: 'Fichier',
  filesHint: (maxMb: number) => `PDF, Word (docx), Excel (xls, xlsx), JPEG ou PNG ; ${maxMb} Mo au maximum par fichier.`,
  dropHint: 'Vous pouvez aussi déposer vos fichiers ici.',
  submit: 'Envoyez',
  submitting: 'Envoi…',
  waiting: 'En attente',
  ready: 'Prêt à envoyer',
  sent: 'Envoyé',
  cancelled: 'Envoi annulé.',
  networkError: 'Envoi interrompu : vérifiez votre connexion, puis réessayez.',
  cancel: 'Annuler',
  cancelOf: (name: string) => `Annuler l’envoi de ${name}`,
  remove: 'Retirer',
  removeOf: (name: string) => `Retirer ${name}`,
  retry: 'Réessayer',
  retryOf: (name: string) => `Réessayer l’envoi de ${name}`,
  progressOf: (name: string) => `Progression de l’envoi de ${name}`,
  percent: (n: number) => `${n} %`,
  added: (count: number, refused: number) =>
    `${plural(count, 'fichier ajouté', 'fichiers ajoutés')}${refused > 0 ? `, dont ${plural(refused, 'refusé', 'refusés')} : voir la liste` : ''}.`,
  summary: (sent: number, failed: number, cancelled: number) =>
    `Envoi terminé : ${plural(sent, 'envoyé', 'envoyés')}, ${failed} en erreur${cancelled > 0 ? `, ${plural(cancelled, 'annulé', 'annulés')}` : ''}.`,
} as const
