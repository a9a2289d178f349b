/**
 * Every French word the messages module shows (API errors, mails, pages, the thread island), in one
 * place for the catalogue to come. Plain data: the island imports it as it imports validation.
 */
export const TEXT_MAX = 5000

export const texts = {
  // API
  textRequired: 'Le message est requis.',
  textTooLong: `Le message ne doit pas dépasser ${TEXT_MAX} caractères.`,
  textInvalid: 'Le message contient des caractères non autorisés.',
  noThread: 'Conversation introuvable.',
  notYours: 'Cette conversation ne vous concerne pas.',
  firmWritesInThreads: 'Le cabinet écrit dans la conversation de chaque client, depuis « Messages des clients ».',
  // Navigation
  navLink: 'Messages',
  adminNavLink: 'Messages des clients',
  unread: (n: number) => (n === 1 ? '1 message non lu' : `${n} messages non lus`),
  /** The navigation's badge counts up to 100 and shows « 99+ » past 99. */
  unreadBadge: (n: number) => (n > 99 ? 'plus de 99 messages non lus' : n === 1 ? '1 message non lu' : `${n} messages non lus`),
  // Pages
  clientTitle: 'Messages',
  clientLead: 'Écrivez au cabinet ici : vos messages restent dans votre espace et le cabinet vous répond au même endroit.',
  clientDescription: 'Vos échanges avec le cabinet.',
  adminTitle: (username: string) => `Messages — ${username}`,
  adminLead: 'La conversation avec ce client. Il est prévenu par e-mail de vos nouveaux messages.',
  adminDescription: 'Les échanges du cabinet avec un client.',
  threadsTitle: 'Messages des clients',
  threadsLead: 'Les conversations avec les clients, les plus récentes d’abord.',
  threadsEmpty: 'Aucune conversation pour le moment.',
  threadsClient: 'Client',
  threadsLast: 'Dernier message',
  threadsUnread: 'Non lus',
  threadsSearch: 'Nom, e-mail, entreprise ou dernier message',
  threadsFilter: 'Filtrer les conversations',
  threadsNone: 'Aucune conversation ne correspond à cette recherche.',
  openThread: (username: string) => `Ouvrir la conversation avec ${username}`,
  profileLink: 'Voir le profil',
  profileMessagesLink: 'Messages avec ce client',
  // The thread
  threadLabel: 'Conversation',
  empty: 'Aucun message pour le moment. Écrivez le premier.',
  older: 'Messages précédents',
  loadingOlder: 'Chargement…',
  you: 'Vous',
  firm: 'Le cabinet',
  /** A firm's message as the client reads it: who wrote it, of the firm (contract §9: the admin from the staff). */
  firmPerson: (username: string) => `${username} (cabinet)`,
  read: 'Lu',
  sentAt: 'Envoyé le',
  formLabel: 'Votre message',
  formHint: `Texte seul, ${TEXT_MAX} caractères au plus. Les liens http et https deviennent cliquables.`,
  send: 'Envoyer',
  sending: 'Envoi…',
  sent: 'Message envoyé.',
  // Mails (never the text: messages may be confidential, the mail goes through servers we do not control)
  firmMailSubject: (username: string) => `Nouveau message de ${username}`,
  firmMailLines: (username: string) => [`Le client ${username} vous a écrit sur le portail.`, 'Le message n’est pas repris ici : lisez-le sur le portail.'],
  firmMailAction: 'Lire la conversation',
  clientMailSubject: 'Nouveau message du cabinet',
  clientMailLines: ['Le cabinet vous a écrit dans votre espace client.', 'Pour votre confidentialité, le message n’est pas repris ici : connectez-vous pour le lire.'],
  clientMailAction: 'Lire mes messages',
  mailGreeting: 'Bonjour,',
  mailFooter: 'Message automatique du portail client du cabinet.',
} as const
