import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import type { HttpError } from '../../http/errors.js'
import { formPost } from '../../http/form-post.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { ListQuerySchema } from '../../http/lists.js'
import { originOf } from '../../http/origin.js'
import { idOf } from '../../http/row-forms.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { DomainError } from '../../shared/domain-error.js'
import type { FormState } from '../../shared/form-state.js'
import { searchOf } from '../../shared/list-search.js'
import { userForm } from '../identity/index.js'
import type { Documents } from './service.js'
import { formWords, OWN_DELETE_PAGES } from './validation.js'
import { documentTableWords } from './table-words.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'
import type { DocumentsViews } from './views.js'
import { words } from './words.js'

/** A list of one's own documents: where its rows' confirmation pages are, and the list to come back to. */
interface OwnList {
  pages: string
  /** The list's address, its query kept when it has pages (`search`), at its section. */
  back(userId: number, search: string): string
  keepsQuery: boolean
}

const LISTS: OwnList[] = [
  { pages: OWN_DELETE_PAGES.profile, back: (userId, search) => `/users/profile/${userId}${search}#profile-documents-title`, keepsQuery: true },
  { pages: OWN_DELETE_PAGES.space, back: () => '/files#space-own-title', keepsQuery: false },
]

const schema = { hide: true, params: IdParamsSchema, querystring: ListQuerySchema as TSchema }
const nothingToCheck = () => ({ ok: true as const, value: null })
/** A document the firm viewed meanwhile is the page again with the service's refusal; someone else's or the firm's is the 403 page. */
const viewedByTheFirm = (error: unknown) => error instanceof DomainError && error.says(words, 'alreadyViewed')

/**
 * The owner's « Supprimer » without JavaScript (contract §8), under each of their lists: a link to a
 * confirmation page, `${pages}/:id/delete`, posting to itself; the JSON route's service call
 * (deleteOwnDocument: the same refusals, file removal and journal entry), then a 303 back to the list
 * with the API's message. Opened from another site's link, it shows no confirmation (the list instead).
 */
const ownerDocumentForms: FastifyPluginAsync<{ documents: Documents; views: DocumentsViews }> = async (app, { documents, views }) => {
  for (const list of LISTS) {
    const searchIn = (request: FastifyRequest) => (list.keepsQuery ? searchOf(listStateOf(listQueryOf(request))) : '')
    const backOf = (request: FastifyRequest) => list.back(request.user!.id, searchIn(request))

    const confirmation = async (request: FastifyRequest, reply: FastifyReply, form?: FormState) => {
      const document = await documents.findOwned(request.user!, idOf(request))
      const said = wordsOf(documentTableWords, languageOf(request))
      return reply.render(views.ConfirmProfilePage, {
        title: said.title,
        text: said.text(document.name),
        facts: [
          { label: said.name, value: document.name },
          { label: said.type, value: document.typeName },
          { label: said.date, value: document.createdAt },
          { label: said.viewed, value: document.isViewed ? said.yes : said.no },
        ],
        action: `${list.pages}/${document.id}/delete${searchIn(request)}`,
        confirmLabel: said.confirmLabel,
        back: backOf(request),
        profileUrl: `/users/profile/${request.user!.id}`,
        ...(form ? { form } : {}),
      })
    }

    const address = `${list.pages}/:id/delete`
    // Guarded as every /users/profile and /files page (identity's access table): a visitor logs in first.
    app.get(address, { schema, attachValidation: true }, async (request, reply) =>
      isOwnSiteRequest(request) ? confirmation(request, reply) : reply.redirect(backOf(request), 303),
    )
    const steps = {
      check: nothingToCheck,
      keep: [],
      show: (request: FastifyRequest, reply: FastifyReply, form: FormState) => confirmation(request, reply, form),
      act: async (_none: null, request: FastifyRequest) => {
        await documents.deleteOwnDocument(request.user!, idOf(request), originOf(request))
        return { to: backOf(request), message: wordsOf(formWords, languageOf(request)).deleted }
      },
    }
    const remove = formPost(steps)
    const viewedMeanwhile = formPost({ ...steps, shownInPlace: [403] })
    app.post(address, {
      schema,
      attachValidation: true,
      // A visitor (a session that ended) logs in and comes back to the confirmation page.
      preHandler: userForm((request) => request.url, () => undefined),
      handler: remove.handler,
      errorHandler: (error: FastifyError | HttpError | DomainError, request, reply) => (viewedByTheFirm(error) ? viewedMeanwhile.errorHandler(error, request, reply) : remove.errorHandler(error, request, reply)),
    })
  }
}
export default ownerDocumentForms
