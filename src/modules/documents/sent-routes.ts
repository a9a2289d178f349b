import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { QUARTER_HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { errorResponses } from '../../http/schemas.js'
import { requireFirm, scopeOf } from '../identity/index.js'
import { requireAccepted } from './routes.js'
import { ReceivedDocumentSchema, SendFormSchema, UploadedSchema, UserIdParamsSchema } from './schemas.js'
import { companyOf, ownSpace, type Documents } from './service.js'
import { receiveUpload, refuseDeclaredTooLarge } from './upload-http.js'
import { messages } from './validation.js'

/**
 * The firm's send as POST /api/documents/send/:userId and the send form posted without JavaScript
 * (contract §8) both take it: the same refusal of a body declared too large, then the same reading and
 * service call, so the rules and messages are one.
 */
export function sendSteps(documents: Documents, sendPerUser: number) {
  return {
    refuseDeclaredTooLarge: refuseDeclaredTooLarge(documents.maxUploadBytes),
    /** Each send takes the client's space and mails them: a member of the firm sends as many as a client uploads (RATE_LIMIT_UPLOAD_USER), the API and the form together. */
    limit: userLimit(sendPerUser, QUARTER_HOUR_MS, 'firm-send'),
    /** Reads the body, the file streamed into storage, and records the send: the new document's id. Whatever fails, nothing stays. */
    async receive(request: FastifyRequest, userId: number): Promise<number> {
      const { fields, file, refused } = await receiveUpload(request, documents.maxUploadBytes, documents.storeFile, documents.discardFile)
      return documents.recordSend(request.user!, userId, fields, file, refused, originOf(request))
    },
  }
}

/**
 * Contract §7: the firm puts a document in a client's space, and the client lists what it sent them.
 * The file is read, checked and stored exactly as a client's upload; it is served by the download
 * route and `/uploads/<name>` like any document (its owner is the client).
 */
const sentDocumentRoutes: FastifyPluginAsyncTypebox<{ documents: Documents }> = async (app, { documents }) => {
  const tags = ['documents']
  const send = sendSteps(documents, app.config.rateLimits.uploadPerUser)

  app.post('/api/documents/send/:userId', {
    schema: {
      ...operation('sendDocument', 'Le cabinet envoie un document à un client, en réponse à une de ses demandes s’il y a lieu (multipart : file, name, description, requestId ; le cabinet : un collaborateur, à ses clients)', 'user'),
      tags,
      consumes: ['multipart/form-data'],
      multipartBody: SendFormSchema,
      params: UserIdParamsSchema,
      response: { 201: UploadedSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 507) },
    },
    onRequest: send.refuseDeclaredTooLarge,
    config: send.limit,
    // No account that cannot receive it, nor one the sender does not serve, gets a file stored first.
    preHandler: [requireFirm, async (request) => documents.checkRecipient((request.params as { userId: number }).userId, scopeOf(request.user))],
  }, async (request, reply) => {
    const id = await send.receive(request, request.params.userId)
    // The form reloads the client's page: the page there shows this message (flash cookie).
    reply.flash({ type: 'success', message: messages.sent })
    return reply.code(201).send({ message: messages.sent, id })
  })

  app.get('/api/documents/received', {
    schema: { ...operation('listReceivedDocuments', 'Ce que le cabinet a envoyé à l’entreprise de la personne connectée', 'user'), tags, querystring: ListQuerySchema, response: { 200: listOf(ReceivedDocumentSchema), ...errorResponses(400, 401, 403) } },
    preHandler: requireAccepted,
  }, async (request, reply) => sendList(reply, await documents.listReceived(companyOf(request.user!), listFilter(request.query), ownSpace(request.user!))))
}
export default sentDocumentRoutes
