import type { FastifyInstance } from 'fastify'
import type { Page } from '../../db/lists.js'
import { HttpError } from '../../http/errors.js'
import { listFilter, type ListQuery } from '../../http/lists.js'
import { countDocuments, countTypes, listOwnedDocuments, removeAllOwnedBy } from '../documents/index.js'
import { acceptAccount, countAccounts, deleteAccount, findAccountSummary, findAccountsPage, type AccountSummary, type SessionUser } from '../identity/index.js'
import { acceptanceMail } from './mails.js'
import type { Counts, Profile } from './types.js'

export const texts = {
  accepted: 'Utilisateur accepté avec succès.',
  alreadyAccepted: 'Cet utilisateur est déjà accepté.',
  unverified: 'Cet utilisateur n’a pas encore vérifié son adresse e-mail : il ne peut pas être accepté.',
  notFound: 'Utilisateur introuvable.',
  adminUntouchable: 'Un compte administrateur ne peut pas être accepté ni supprimé ici.',
  deleted: 'Compte supprimé avec succès.',
  notOwnProfile: 'Vous ne pouvez consulter que votre propre profil.',
  notOwnAccount: 'Vous ne pouvez supprimer que votre propre compte.',
} as const


export function listNewUsers(app: FastifyInstance, query: ListQuery): Promise<Page<AccountSummary>> {
  return findAccountsPage(app.db, false, listFilter(query))
}

export function listClients(app: FastifyInstance, query: ListQuery): Promise<Page<AccountSummary>> {
  return findAccountsPage(app.db, true, listFilter(query))
}

export async function getCounts(app: FastifyInstance): Promise<Counts> {
  const [users, documents, types] = await Promise.all([countAccounts(app.db), countDocuments(app.db), countTypes(app.db)])
  return { users, documents, types }
}

/** The owner, or an administrator, may see a profile; anyone else learns nothing of it (403). */
export async function getProfile(app: FastifyInstance, viewer: SessionUser, id: number): Promise<Profile> {
  if (viewer.id !== id && !viewer.isAdmin) throw new HttpError(403, texts.notOwnProfile)
  const account = await findAccountSummary(app.db, id)
  if (!account) throw new HttpError(404, texts.notFound)
  const { isVerified: _verified, ...profile } = account
  return { ...profile, documents: await listOwnedDocuments(app, id) }
}

/** Irreversible (spec §2); refused while the address is unverified (contract §4); the client is told by mail. */
export async function acceptClient(app: FastifyInstance, id: number): Promise<void> {
  const outcome = await acceptAccount(app.db, id)
  if (outcome === 'missing') throw new HttpError(404, texts.notFound)
  if (outcome === 'admin') throw new HttpError(403, texts.adminUntouchable)
  if (outcome === 'already') throw new HttpError(409, texts.alreadyAccepted)
  if (outcome === 'unverified') throw new HttpError(409, texts.unverified)
  const account = await findAccountSummary(app.db, id)
  if (account) app.mailer.deliver(acceptanceMail(app.config.publicUrl, account.email))
}

/**
 * Deletes a user (by themselves or by an administrator): their documents and account in one
 * transaction, then their files once it is committed, so a failure leaves nothing half-deleted.
 */
export async function deleteClient(app: FastifyInstance, actor: SessionUser, id: number): Promise<void> {
  if (actor.id !== id && !actor.isAdmin) throw new HttpError(403, texts.notOwnAccount)
  const target = await findAccountSummary(app.db, id)
  if (!target) throw new HttpError(404, texts.notFound)
  if (target.isAdmin) throw new HttpError(403, texts.adminUntouchable)
  const keys = await app.db.transaction().execute(async (trx) => {
    const documentKeys = await removeAllOwnedBy(trx, id)
    const deleted = await deleteAccount(trx, id)
    if (!deleted) throw new HttpError(404, texts.notFound)
    return deleted.photoKey ? [...documentKeys, deleted.photoKey] : documentKeys
  })
  await removeFiles(app, keys)
}

/** Files whose rows are gone; one that cannot be removed is logged, the deletion stands. */
async function removeFiles(app: FastifyInstance, keys: string[]): Promise<void> {
  for (const key of keys) await app.storage.remove(key).catch((error: unknown) => app.log.error({ err: error, key }, 'file not removed'))
}
