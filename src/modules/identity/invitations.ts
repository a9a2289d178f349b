import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { Outbox } from '../../jobs/outbox.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { nowDb, toDbTime } from '../../db/values.js'
import type { Journal } from '../journal/index.js'
import { deleteAccount } from './accounts.js'
import { invitationMail } from './mails.js'
import type { Passwords } from './passwords.js'
import * as repo from './repository.js'
import type { Role } from './session-user.js'
import { hashToken, newToken, sameHash, TOKEN_LIFETIME_MS } from './tokens.js'
import { invitationTexts, invitationWords } from './words.js'

const refuse = refusals(invitationWords)

export { invitationTexts }

/** Who is invited: to the firm's team (`admin` or `staff`), or as a member of a company (contract §9). */
export type InvitationSide = { role: 'admin' | 'staff' } | { role: 'client'; companyId: number }

export interface NewInvitation {
  email: string
  username: string
  side: InvitationSide
  /** The team named in the mail and on the page: the firm, or the company's name. */
  team: string
  invitedBy: { id: number; username: string; email: string }
  /** `staff.invited` or `member.invited`: the journal's entry, in the invitation's transaction. */
  action: 'staff.invited' | 'member.invited'
  from: RequestOrigin | null
  /**
   * Runs first in the invitation's transaction (the team's check that the company is still there,
   * read and locked as it is now); what it throws refuses the invitation, nothing written.
   */
  first?: (trx: Db) => Promise<void>
}

/** A company's member whose invitation was accepted: who, and which company they joined. */
export interface JoinedMember {
  id: number
  email: string
  companyId: number
}

/** What the invitation's page shows before the password is chosen. */
export interface InvitationView {
  email: string
  username: string
  role: Role
  team: string
}

export interface InvitationDeps {
  db: Db
  outbox: Pick<Outbox, 'enqueue'>
  clock: Clock
  journal: Pick<Journal, 'record'>
  passwords: Passwords
  publicUrl: string
  /** The firm's name in the mails and on the page (staff invitations). */
  firmName: string
  /** Told in the acceptance's transaction that a company's member joined (app.ts: the company's open requests remind them too). */
  joined: (trx: Db, member: JoinedMember) => Promise<void>
}

/**
 * Whose an address is (security review of issue 29): `taken` by a verified account or by an invitation
 * still valid; a `registration` not verified yet (anyone's typing); `free` when nobody holds it, or only
 * an invitation that lapsed or was withdrawn before it was accepted — such a row holds nothing (no
 * password, no document, no message) and gives way, so that no invitation reserves an address forever.
 */
export async function holderOf(db: Db, account: repo.UserAccount | undefined, now: Date): Promise<'free' | 'registration' | 'taken'> {
  if (!account) return 'free'
  if (account.isVerified) return 'taken'
  if (account.status === 'active') return 'registration'
  if (account.status === 'removed') return 'free'
  const live = await db
    .selectFrom('user_tokens')
    .select('id')
    .where('user_id', '=', account.id)
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', toDbTime(now))
    .executeTakeFirst()
  return live ? 'taken' : 'free'
}

function sameSide(account: repo.UserAccount, side: InvitationSide): boolean {
  if (side.role === 'client') return account.role === 'client' && account.companyId === side.companyId
  return account.role !== 'client'
}

/**
 * Invitations, one mechanism for the firm's people and for a company's (contract §9): an account with
 * `status: 'invited'` that cannot log in, and a single-use link valid 7 days (a reset's kind of token:
 * random, only its hash kept). Inviting again an address still invited on the same side sends a fresh
 * link and kills the old one; an address with an account of its own is refused (409); an unverified
 * registration is anyone's typing (as for a registration) and gives way.
 */
export function createInvitations(deps: InvitationDeps) {
  const { db, outbox, clock, journal, passwords, publicUrl } = deps

  async function findUsable(token: string) {
    const hash = hashToken(token)
    const stored = await repo.findToken(db, 'invitation', hash)
    if (!stored || !sameHash(stored.tokenHash, hash) || stored.usedAt || stored.expiresAt.getTime() <= clock.now().getTime()) return undefined
    const account = await repo.findAccountById(db, stored.userId)
    return account?.status === 'invited' ? { stored, account } : undefined
  }

  return {
    /** Answers the invited account's id; the account, its link, its mail and the journal's entry are one transaction. */
    async invite(invitation: NewInvitation): Promise<{ id: number; renewed: boolean }> {
      const { email, username, side } = invitation
      return transaction(db, async (trx) => {
        await invitation.first?.(trx)
        // The inviting person's current language (contract §10); the invited person can change it.
        const language = (await repo.findAccountById(trx, invitation.invitedBy.id))?.language ?? 'fr'
        const existing = await repo.findAccountByEmail(trx, email)
        let id: number
        let renewed = false
        if (existing && existing.status === 'invited' && sameSide(existing, side)) {
          id = existing.id
          renewed = true
          await repo.retireTokens(trx, id, 'invitation')
          await trx.updateTable('users').set({ username, language, updated_at: nowDb(), ...(side.role !== 'client' ? { role: side.role } : {}) }).where('id', '=', id).execute()
        } else {
          // A company's owner never takes over someone's registration: only the firm may (it is the firm's portal).
          const holder = await holderOf(trx, existing, clock.now())
          if (holder === 'taken' || (holder === 'registration' && side.role === 'client')) throw refuse('conflict', 'duplicate').under('email')
          if (existing) await deleteAccount(trx, existing.id)
          id = await repo.insertUser(trx, {
            username,
            email,
            entreprise: invitation.team,
            telephone: '',
            passwordHash: '',
            role: side.role,
            status: 'invited',
            companyId: side.role === 'client' ? side.companyId : null,
            language,
          })
        }
        const { token, hash } = newToken()
        await repo.insertToken(trx, id, 'invitation', hash, new Date(clock.now().getTime() + TOKEN_LIFETIME_MS.invitation))
        await outbox.enqueue(trx, invitationMail(publicUrl, email, { username, team: invitation.team, firmTeam: side.role !== 'client', invitedBy: invitation.invitedBy.username }, token, language))
        await journal.record(trx, { action: invitation.action, actor: invitation.invitedBy, subject: { type: 'user', id, label: username }, from: invitation.from })
        return { id, renewed }
      })
    },

    /** The invitation behind a link, or undefined when it is unknown, used, expired or its account gone. */
    async find(token: string): Promise<InvitationView | undefined> {
      const found = await findUsable(token)
      if (!found) return undefined
      const { account } = found
      const team = account.role === 'client' && account.companyId !== null ? await companyName(db, account.companyId) : deps.firmName
      return { email: account.email, username: account.username, role: account.role, team }
    },

    /** Opens the invited account, verified and accepted, with its chosen name and password; answers its id. */
    async accept(token: string, answer: { username: string; password: string }, from: RequestOrigin | null): Promise<number> {
      const found = await findUsable(token)
      if (!found) throw refuse('validation', 'invalid')
      const passwordHash = await passwords.hash(answer.password)
      return transaction(db, async (trx) => {
        if (!(await repo.consumeToken(trx, found.stored.id))) throw refuse('validation', 'invalid')
        const opened = await trx
          .updateTable('users')
          .set({ username: answer.username, password_hash: passwordHash, is_verified: 1, is_accepted: 1, status: 'active', updated_at: nowDb() })
          .where('id', '=', found.account.id)
          .where('status', '=', 'invited')
          .executeTakeFirst()
        if (Number(opened.numUpdatedRows) !== 1) throw refuse('validation', 'invalid')
        const person = { id: found.account.id, username: answer.username, email: found.account.email }
        await journal.record(trx, { action: 'invitation.accepted', actor: person, subject: { type: 'user', id: person.id, label: person.username }, from })
        const { companyId } = found.account
        if (found.account.role === 'client' && companyId !== null) await deps.joined(trx, { id: person.id, email: person.email, companyId })
        return person.id
      })
    },
  }
}
export type Invitations = ReturnType<typeof createInvitations>

async function companyName(db: Db, companyId: number): Promise<string> {
  const row = await db.selectFrom('users').select('entreprise').where('id', '=', companyId).executeTakeFirst()
  return row?.entreprise ?? ''
}
