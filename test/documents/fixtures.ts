// Files and multipart bodies for the documents tests, made in code (no binary fixtures).
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import type { SeededAccount } from '../helpers/accounts.js'
import { injectAs } from '../helpers/accounts.js'

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64), Buffer.from([0xff, 0xd9])])
export const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')
export const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(200)])

/** A stored (uncompressed) zip holding `names`, with a correct central directory. */
export function zip(names: string[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const name of names) {
    const data = Buffer.from(`<xml>${name}</xml>`)
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(names.length, 8)
  end.writeUInt16LE(names.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export const DOCX = zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml'])
export const XLSX = zip(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'])
export const PLAIN_ZIP = zip(['readme.txt', 'photo.jpg'])

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string }

/** A multipart/form-data body with its Content-Type, parts in the order given. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`))
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`))
      chunks.push(part.content, Buffer.from('\r\n'))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export interface UploadInput {
  type?: string
  description?: string
  userId?: number | string
  filename?: string
  content?: Buffer
  /** The file part first (the specification's client) or last. */
  fileLast?: boolean
  /** The document request the upload answers (issue 16). */
  requestId?: number | string
}

/** POST /api/documents/upload as `account`. */
export function upload(app: FastifyInstance, account: SeededAccount | null, input: UploadInput) {
  const fields: Part[] = []
  if (input.type !== undefined) fields.push({ name: 'type', value: input.type })
  if (input.userId !== undefined) fields.push({ name: 'userId', value: String(input.userId) })
  if (input.description !== undefined) fields.push({ name: 'description', value: input.description })
  if (input.requestId !== undefined) fields.push({ name: 'requestId', value: String(input.requestId) })
  const file: Part[] = input.content ? [{ name: 'file', filename: input.filename ?? 'bilan.pdf', content: input.content, type: 'application/pdf' }] : []
  const body = multipart(input.fileLast ? [...fields, ...file] : [...file, ...fields])
  return injectAs(app, account, { method: 'POST', url: '/api/documents/upload', ...body })
}

/** Adds a type as `admin`; throws unless it was created. */
export async function addType(app: FastifyInstance, admin: SeededAccount, typeName: string): Promise<void> {
  const res = await injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload: { typeName } })
  if (res.statusCode !== 201) throw new Error(`add type: ${res.statusCode} ${res.body}`)
}

/** Uploads a PDF as `account` and answers the new document's id. */
export async function uploadPdf(app: FastifyInstance, account: SeededAccount, type: string, extra: Partial<UploadInput> = {}): Promise<number> {
  const res = await upload(app, account, { type, userId: account.id, description: 'Bilan annuel', content: PDF, ...extra })
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  return res.json().id as number
}

/** Files under UPLOAD_DIR/<folder> (none when the folder does not exist yet). */
export function filesIn(uploadDir: string, folder: 'documents' | 'photos' | '.tmp'): string[] {
  const path = join(uploadDir, folder)
  return existsSync(path) ? readdirSync(path) : []
}
