import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { scopeOf, type Identity, type SessionUser } from '../identity/index.js'
import type { Journal } from '../journal/index.js'
import type { Requests } from '../requests/index.js'
import * as repo from './member-repository.js'
import type { CompanyMember } from './member-schemas.js'
import { memberWords } from './words.js'

const refuse = refusals(memberWords)

export interface MemberDeps {
  db: Db
  identity: Pick<Identity, 'accounts' | 'invitations' | 'retireAccess'>
  journal: Pick<Journal, 'record'>
  /** A member removed leaves the company's reminders, in the removal's transaction. */
  requests: Pick<Requests, 'forgetPerson'>
}

/** A member invited: who, and whether an invitation still pending was renewed (its old link dead). */
export interface InvitedMember {
  member: CompanyMember
  renewed: boolean
}

/**
 * A company's team (contract §9): its people (owner and members) listed to each of them; the owner
 * invites colleagues (identity's invitations) and removes them (status `removed`, every credential
 * ended through identity, journaled, in one transaction). The company is the viewer's Scope: a firm's
 * person has none here (403), and another company's person is not found (404).
 */
export function createMembers({ db, identity, journal, requests }: MemberDeps) {
  /** The viewer's company, from the access policy: only a company's people have one. */
  function companyOf(viewer: SessionUser): number {
    const scope = scopeOf(viewer)
    if (scope.kind !== 'company') throw refuse('forbidden', 'companyOnly')
    return scope.companyId
  }

  /** The company whose owner the viewer is: managing members is the owner's alone. */
  function ownedCompany(viewer: SessionUser): number {
    const companyId = companyOf(viewer)
    if (viewer.companyRole !== 'owner') throw refuse('forbidden', 'ownerOnly')
    return companyId
  }

  async function withLastSeen(rows: repo.MemberRow[]): Promise<CompanyMember[]> {
    const seen = await identity.accounts.lastSeen(rows.map((row) => row.id))
    return rows.map((row) => ({ ...row, lastSeenAt: seen.get(row.id) ?? null }))
  }

  return {
    /** Refuses (403) anyone but a company's owner: who may manage comes before what is asked. */
    checkOwner(viewer: SessionUser): void {
      ownedCompany(viewer)
    },

    /** The company's people, not removed ones: the owner first, then the members newest first. */
    async list(viewer: SessionUser, filter: ListFilter): Promise<Page<CompanyMember>> {
      const page = await repo.findMembersPage(db, companyOf(viewer), filter)
      return { total: page.total, items: await withLastSeen(page.items) }
    },

    /** One of the owner's members (the removal's confirmation page), or a 404. */
    async findMember(viewer: SessionUser, id: number): Promise<CompanyMember> {
      const member = await repo.findMember(db, ownedCompany(viewer), id)
      if (!member || member.companyRole !== 'member') throw refuse('not_found', 'notFound')
      return (await withLastSeen([member]))[0]!
    },

    /**
     * Invites a colleague into the owner's company, once the firm accepted it: the invited account,
     * its link, its mail (the company's name as the team) and `member.invited`, in identity's one
     * transaction. An address still invited here gets a fresh link; a member removed from this company
     * is invited again; any other address with an account is refused (409). The company is read
     * again first in that transaction, locked: one deleted meanwhile gets no member (403), as users'
     * company_id has no foreign key to refuse it.
     */
    async invite(viewer: SessionUser, input: { email: string; username: string }, from: RequestOrigin | null): Promise<InvitedMember> {
      const companyId = ownedCompany(viewer)
      const company = await repo.findCompany(db, companyId)
      if (!company?.isAccepted) throw refuse('forbidden', 'notAccepted')
      let reopened = false
      const { id, renewed } = await identity.invitations.invite({
        async first(trx) {
          if (!(await repo.findCompany(trx, companyId, { lock: true }))?.isAccepted) throw refuse('forbidden', 'notAccepted')
          const removed = await repo.findRemovedMember(trx, companyId, input.email)
          reopened = removed !== undefined && (await repo.reopenAsInvited(trx, companyId, removed))
        },
        email: input.email,
        username: input.username,
        side: { role: 'client', companyId },
        team: company.entreprise,
        invitedBy: { id: viewer.id, username: viewer.username, email: viewer.email },
        action: 'member.invited',
        from,
      })
      const member = await repo.findMember(db, companyId, id)
      if (!member) throw refuse('not_found', 'notFound')
      return { member: { ...member, lastSeenAt: null }, renewed: renewed && !reopened }
    },

    /**
     * The owner removes a member: their status becomes `removed` (the row stays for the journal and
     * the thread), their sessions, tokens and pending links end at once, the reminders of the
     * company's requests addressed to them are discarded, `member.removed` is journaled; one
     * transaction. The owner is the company itself and cannot be removed (409).
     */
    async remove(viewer: SessionUser, id: number, from: RequestOrigin | null): Promise<CompanyMember> {
      const companyId = ownedCompany(viewer)
      if (id === companyId) throw refuse('conflict', 'notYourself')
      return transaction(db, async (trx) => {
        const member = await repo.findMember(trx, companyId, id)
        if (!member || !(await repo.markMemberRemoved(trx, companyId, id))) throw refuse('not_found', 'notFound')
        await identity.retireAccess(trx, id)
        await requests.forgetPerson(trx, { companyId, email: member.email })
        await journal.record(trx, { action: 'member.removed', actor: viewer, subject: { type: 'user', id, label: member.username }, from })
        return { ...member, lastSeenAt: null }
      })
    },
  }
}
export type Members = ReturnType<typeof createMembers>
