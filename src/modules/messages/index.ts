import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import messagePages from './pages.js'
import messageRoutes from './routes.js'
import type { Messages } from './service.js'
import { messageWords } from './texts.js'
import type { Language } from '../../shared/words.js'
import type { MessagesViews } from './views.js'

/** Messages' HTTP side: the thread's API, its pages, and the links with unread counts in the navigation. */
export default fp(
  async function messages(app: FastifyInstance, { messages, views }: { messages: Messages; views: MessagesViews }) {
    await app.register(messageRoutes, { messages })
    await app.register(messagePages, { messages, views })
    const badge = { count: messages.unreadFor, label: (n: number, language: Language) => messageWords[language].unreadBadge(n) }
    app.navigation.add({ place: 'main', href: '/messages', label: { fr: messageWords.fr.navLink, ar: messageWords.ar.navLink }, shows: (user) => user.isAccepted && !user.isAdmin, badge })
    app.navigation.add({ place: 'admin', href: '/admin-dashboard/threads', label: { fr: messageWords.fr.adminNavLink, ar: messageWords.ar.adminNavLink }, shows: (user) => user.isAdmin, badge })
  },
  { name: 'messages', dependencies: ['identity', 'render'] },
)

export { createMessages, type Messages, type MessagesDeps } from './service.js'
export type { MessagesViews, ThreadPageProps, ThreadsPageProps } from './views.js'
export type { ThreadMessage } from './schemas.js'
export { texts as messageTexts, messageWords } from './texts.js'
