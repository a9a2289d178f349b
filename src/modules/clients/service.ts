import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { ListFilter, Page } from '../../db/lists.js'
import type { MailCounts, Outbox } from '../../jobs/outbox.js'
import type { FileStorage } from '../../storage/storage.js'
import type { Documents } from '../documents/index.js'
import { isFirmScope, reaches, scopeOf, type AccessTokenView, type AccountSummary, type Identity, type PersonName, type ProfilePhoto, type Scope, type SessionUser } from '../identity/index.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { describeUserAgent } from '../../shared/user-agent.js'
import type { Journal, JournalRow } from '../journal/index.js'
import type { Requests } from '../requests/index.js'
import type { Clock } from '../../clock/clock.js'
import { companyIdentifiers, type IdentifiersWatcher } from './company.js'
import { acceptanceMail } from './mails.js'
import type { AccountRow, ClientRequests, Counts, DeviceSession, FirmSent, Profile } from './types.js'
import { words } from './words.js'

const refuse = refusals(words)

export interface ClientsDeps {
  db: Db
  storage: FileStorage
  /** The acceptance mail is enqueued with the acceptance; the dashboard counts mails waiting and failed. */
  outbox: Pick<Outbox, 'enqueue' | 'counts'>
  /** `twoFactor`: whether a user has it on (the administrator's reset button on their profile); `photos`: the profile's photo form. */
  identity: Pick<Identity, 'accounts' | 'sessions' | 'twoFactor' | 'accessTokens' | 'photos' | 'companies'>
  /** `count` within the viewer's scope: a staff member's dashboard counts their clients' documents (contract §9). */
  documents: Pick<Documents, 'countTypes' | 'listOwned' | 'listReceived' | 'maxUploadBytes' | 'removeAllOwnedBy' | 'storageUse'> & { count(scope: Scope): Promise<{ unviewed: number; viewed: number }> }
  /** A deleted client's requests go with them; the dashboard counts overdue ones (within the scope); the client's page asks for documents and answers open ones. */
  requests: Pick<Requests, 'removeAllOwnedBy' | 'forgetPerson' | 'list' | 'openFor' | 'types' | 'today'> & { countOverdue(scope: Scope): Promise<number> }
  /** Acceptances and deletions are journaled in their transaction; the profile shows a client's activity. */
  journal: Pick<Journal, 'record' | 'activity'>
  log: FastifyBaseLogger
  /** When identifiers change (their `updated_at`). */
  clock: Clock
  /** Told of a company's identifiers changed (the calendar, bound in app.ts). */
  watcher: IdentifiersWatcher
  settings: { publicUrl: string }
}

/** Clients: profiles, acceptance and the administrators' user lists; composes identity and documents. */
export function createClients({ db, storage, outbox, identity, documents, requests, journal, log, clock, watcher, settings }: ClientsDeps) {
  const { accounts } = identity

  /** Files whose rows are gone; one that cannot be removed is logged, the deletion stands. */
  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) await storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'file not removed'))
  }

  /** Each row with the people serving it (contract §9 `staff`): one query for the page's ids. */
  async function withStaff(page: Page<AccountSummary>): Promise<Page<AccountRow>> {
    const staff = await accounts.staffOfClients(page.items.map((row) => row.id))
    return { total: page.total, items: page.items.map((row) => ({ ...row, staff: staff.get(row.id) ?? [] })) }
  }

  /**
   * The client `id` if `viewer` reaches them from the back-office: an administrator every account, a
   * staff member their assigned clients only (another is 404, contract §9).
   */
  async function reachClient(viewer: SessionUser, id: number): Promise<void> {
    const scope = scopeOf(viewer)
    if (!isFirmScope(scope) || !(await reaches(db, scope, id))) throw refuse('not_found', 'notFound')
  }

  return {
    /** The company's identifiers (contract §11): its owner's, the firm's for its clients. */
    company: companyIdentifiers({ db, identity, clock, watcher }),
    /** New users (not accepted) within the viewer's scope: a staff member has none (the route is the administrators' anyway). */
    listNewUsers: async (viewer: SessionUser, filter: ListFilter): Promise<Page<AccountRow>> => withStaff(await accounts.findPage(false, filter, { scope: scopeOf(viewer) })),
    /** Accepted clients within the viewer's scope (a staff member's assigned ones), `staffId`: one person's clients only. */
    listClients: async (viewer: SessionUser, filter: ListFilter, staffId?: number): Promise<Page<AccountRow>> => withStaff(await accounts.findPage(true, filter, { scope: scopeOf(viewer), staffId })),
    /** The firm's people, invited or active: who the clients list is filtered by, who an administrator may give a client to. */
    firmPeople: () => accounts.firmPeople(),
    /** Who serves a client (their page's « Suivi par »). */
    staffOf: async (clientId: number): Promise<PersonName[]> => (await accounts.staffOfClients([clientId])).get(clientId) ?? [],
    reachClient,

    /** One account as the users' lists show it (the back-office's confirmation pages), or a 404. */
    async findAccount(id: number): Promise<AccountRow> {
      const account = await accounts.findAccountSummary(id)
      if (!account) throw refuse('not_found', 'notFound')
      return (await withStaff({ total: 1, items: [account] })).items[0]!
    },

    /**
     * The dashboard's counts (contract §9): a staff member's over their clients (counted rows), an
     * administrator's the kept totals; `users.staff` is the firm's staff people, invited or active.
     */
    async getCounts(viewer: SessionUser): Promise<Counts> {
      const scope = scopeOf(viewer)
      const [users, staff, documentCounts, types] = await Promise.all([accounts.countIn(scope), accounts.countStaff(), documents.count(scope), documents.countTypes()])
      return { users: { ...users, staff }, documents: documentCounts, types }
    },

    /**
     * What the firm sent a client, for the administrators' client page (contract §7): the newest
     * `pageSize`, whether the client downloaded each, and the largest file the send form takes.
     */
    async firmSent(userId: number, pageSize: number): Promise<FirmSent> {
      // Asked once the viewer reaches the client (the profile's and the send page's reachClient).
      const [page, open] = await Promise.all([documents.listReceived(userId, { q: '', page: 1, pageSize }), requests.openFor(userId)])
      const openRequests = open.map((r) => ({ id: r.id, title: r.title, typeName: r.type.typeName, dueDate: r.dueDate, overdue: r.overdue }))
      return { ...page, maxBytes: documents.maxUploadBytes, openRequests }
    },

    /** The owner's sessions as the profile shows them (contract §6), the browser in words. */
    async deviceSessions(userId: number, currentSession: string | undefined): Promise<DeviceSession[]> {
      const sessions = await identity.sessions.list(userId, currentSession)
      return sessions.map(({ userAgent, ...session }) => ({ ...session, device: describeUserAgent(userAgent) }))
    },

    /** The owner's personal access tokens, as the profile lists them (issue 17): never their secret. */
    accessTokens: (userId: number): Promise<AccessTokenView[]> => identity.accessTokens.list(userId),
    /** Identity's tokens themselves, for the profile's token forms posted without JavaScript (identity's routes). */
    tokenActions: identity.accessTokens,

    /** The owner's new photo from the profile's form posted without JavaScript: identity's, as the API's. */
    changePhoto: (userId: number, image: Buffer): Promise<ProfilePhoto> => identity.photos.change(userId, image),

    /** Two-factor is on for this user (an administrator's view of a client's profile offers its reset). */
    twoFactorEnabled: (userId: number): Promise<boolean> => identity.twoFactor.isEnabled(userId),

    /** Mails waiting to be sent and mails given up on (the administrators' dashboard). */
    mailCounts: (): Promise<MailCounts> => outbox.counts(),
    /** Open requests past their due date (the dashboard's « Demandes en retard »), of the viewer's clients. */
    overdueRequests: (viewer: SessionUser): Promise<number> => requests.countOverdue(scopeOf(viewer)),

    /** The administrator's view of a client's requests (their page): the latest ones, the types to ask for, today. */
    async clientRequests(viewer: SessionUser, userId: number, shown: number): Promise<ClientRequests> {
      const [page, types] = await Promise.all([requests.list(viewer, { q: '', page: 1, pageSize: shown }, { userId }), requests.types()])
      return { items: page.items, total: page.total, types: types.map((type) => ({ id: type.id, typeName: type.typeName })), today: requests.today() }
    },

    /** What was done with the person's account and their company's documents (the profile's « Qui a consulté mes documents »). */
    profileActivity: (person: Pick<SessionUser, 'id' | 'companyId'>, page: Pick<ListFilter, 'page' | 'pageSize'>): Promise<Page<JournalRow>> => journal.activity(person, { q: '', ...page }),

    /**
     * The owner, an administrator, or a staff member serving the client may see a profile (with a
     * page of its documents): another client learns nothing of it (403), a staff member not serving
     * them finds nothing (404, contract §9).
     */
    async getProfile(viewer: SessionUser, id: number, page: Pick<ListFilter, 'page' | 'pageSize'>): Promise<Profile> {
      if (viewer.id !== id && !viewer.isAdmin) throw refuse('forbidden', 'notOwnProfile')
      if (viewer.id !== id) await reachClient(viewer, id)
      const account = await accounts.findAccountSummary(id)
      if (!account) throw refuse('not_found', 'notFound')
      const { isVerified: _verified, ...profile } = account
      const [owned, storage] = await Promise.all([documents.listOwned(id, page), documents.storageUse(id)])
      return { ...profile, documents: owned.items, documentsTotal: owned.total, storage }
    },

    /**
     * Irreversible (spec §2); refused while the address is unverified (contract §4); the client is
     * told by a mail written in the acceptance's transaction.
     */
    async acceptClient(id: number, actor: SessionUser, from: RequestOrigin | null = null): Promise<void> {
      const outcome = await transaction(db, async (trx) => {
        const outcome = await accounts.accept(id, trx)
        const account = outcome === 'accepted' ? await accounts.findAccountSummary(id, trx) : undefined
        if (account) await outbox.enqueue(trx, acceptanceMail(settings.publicUrl, account.email, await accounts.languageOf(id, trx)))
        if (account) await journal.record(trx, { action: 'user.accepted', actor, subject: { type: 'user', id, label: account.username }, from })
        return outcome
      })
      if (outcome === 'missing') throw refuse('not_found', 'notFound')
      if (outcome === 'admin') throw refuse('forbidden', 'adminUntouchable')
      if (outcome === 'already') throw refuse('conflict', 'alreadyAccepted')
      if (outcome === 'unverified') throw refuse('conflict', 'unverified')
    },

    /**
     * Deletes a user (by themselves or by an administrator): their documents and account in one
     * transaction, then their files once it is committed, so a failure leaves nothing half-deleted.
     */
    async deleteClient(actor: SessionUser, id: number, from: RequestOrigin | null = null): Promise<void> {
      // A company's member neither deletes the company nor their own account: its owner removes them (contract §9).
      if (actor.companyRole === 'member') throw refuse('forbidden', 'memberAccount')
      // Only an administrator deletes another's account (contract §9: a staff member is refused, 403).
      if (actor.id !== id && actor.role !== 'admin') throw refuse('forbidden', actor.isAdmin ? 'adminOnly' : 'notOwnAccount')
      const target = await accounts.findAccountSummary(id)
      if (!target) throw refuse('not_found', 'notFound')
      if (target.isAdmin) throw refuse('forbidden', 'adminUntouchable')
      const keys = await transaction(db, async (trx) => {
        await requests.removeAllOwnedBy(trx, id)
        // A member deleted by the firm leaves their company as a removal does: no reminder of its requests goes to them.
        const member = await accounts.memberOf(id, trx)
        if (member) await requests.forgetPerson(trx, member)
        const documentKeys = await documents.removeAllOwnedBy(trx, id)
        // The journal's rows stay: they keep the labels; the link to the profile goes. Written while
        // the account is still there, so the entry is found by its company too (issue 17).
        await journal.record(trx, { action: 'user.deleted', actor, subject: { type: 'user', id, label: target.username }, from })
        // Its members go with the company: no account is left to log in to a space that is gone (contract §9).
        const memberKeys = await accounts.deleteCompanyMembers(trx, id)
        const deleted = await accounts.deleteAccount(trx, id)
        if (!deleted) throw refuse('not_found', 'notFound')
        return [...documentKeys, ...memberKeys, ...(deleted.photoKey ? [deleted.photoKey] : [])]
      })
      await removeFiles(keys)
    },
  }
}

export type Clients = ReturnType<typeof createClients>
