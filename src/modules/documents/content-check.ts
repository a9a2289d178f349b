import { Transform, type TransformCallback } from 'node:stream'
import type { AcceptedExtension } from './validation.js'

/** What a document is once its content has been checked: the kind, its MIME type, how a browser may show it. */
export interface DocumentKind {
  mime: string
  /** Only formats a browser shows without running anything are served inline. */
  inline: boolean
}

const PDF: DocumentKind = { mime: 'application/pdf', inline: true }
const PNG: DocumentKind = { mime: 'image/png', inline: true }
const JPEG: DocumentKind = { mime: 'image/jpeg', inline: true }
const DOCX: DocumentKind = { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false }
const XLSX: DocumentKind = { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false }
const XLS: DocumentKind = { mime: 'application/vnd.ms-excel', inline: false }

export const KIND_BY_EXTENSION: Record<AcceptedExtension, DocumentKind> = { pdf: PDF, png: PNG, jpg: JPEG, jpeg: JPEG, docx: DOCX, xlsx: XLSX, xls: XLS }

/** Every MIME type a stored document is served as. */
export const DOCUMENT_MIMES = [...new Set(Object.values(KIND_BY_EXTENSION).map((kind) => kind.mime))]

/** The first bytes each kind must start with. */
const SIGNATURES = new Map<DocumentKind, Buffer>([
  [PDF, Buffer.from('%PDF-', 'latin1')],
  [PNG, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  [JPEG, Buffer.from([0xff, 0xd8, 0xff])],
  [DOCX, Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  [XLSX, Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  // OLE2 compound file (Excel 97–2003).
  [XLS, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
])

/** The part an Office file cannot be without: a zip that lacks it is not that document. */
const MAIN_PART = new Map<DocumentKind, string>([
  [DOCX, 'word/document.xml'],
  [XLSX, 'xl/workbook.xml'],
])

/** Refused content (answered 415 by the service). */
export class ContentRefused extends Error {
  override name = 'ContentRefused'
}

/**
 * A zip's central directory sits at its end. Only the last TAIL_BYTES pass through memory; a
 * directory bigger than that (thousands of entries, unlike any real office file) is refused.
 */
const TAIL_BYTES = 1024 * 1024
const EOCD_SIZE = 22
const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50

/**
 * Passes a file through unchanged while checking its content against the kind its extension
 * names: the signature from the first bytes (failing at once), and for docx/xlsx the zip's central
 * directory at the end. Errors with ContentRefused, so the stream it feeds is never completed.
 */
export class ContentCheck extends Transform {
  private head = Buffer.alloc(0)
  private headChecked = false
  private readonly tail: Buffer[] = []
  private tailLength = 0
  private total = 0

  constructor(private readonly kind: DocumentKind) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.total += chunk.length
    if (!this.headChecked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 16)])
      const signature = SIGNATURES.get(this.kind)!
      if (this.head.length >= signature.length) {
        if (!this.head.subarray(0, signature.length).equals(signature)) return done(new ContentRefused('signature'))
        this.headChecked = true
      }
    }
    if (MAIN_PART.has(this.kind)) this.keepTail(chunk)
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    if (!this.headChecked) return done(new ContentRefused('too short'))
    const part = MAIN_PART.get(this.kind)
    if (part && !zipHolds(Buffer.concat(this.tail), this.total, part)) return done(new ContentRefused('zip'))
    done()
  }

  private keepTail(chunk: Buffer) {
    this.tail.push(chunk)
    this.tailLength += chunk.length
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= TAIL_BYTES) this.tailLength -= this.tail.shift()!.length
  }
}

/**
 * True when `tail` (the last bytes of a file of `total` bytes) ends with a consistent zip central
 * directory, starting where its end record says, that lists `part` and `[Content_Types].xml`.
 */
export function zipHolds(tail: Buffer, total: number, part: string): boolean {
  const eocd = findEndRecord(tail)
  if (eocd < 0) return false
  const entries = tail.readUInt16LE(eocd + 10)
  const size = tail.readUInt32LE(eocd + 12)
  const offset = tail.readUInt32LE(eocd + 16)
  const tailStart = total - tail.length
  // The directory must end exactly at the end record (no zip64, nothing hidden in between).
  if (offset + size !== tailStart + eocd || offset < tailStart) return false
  const names = new Set<string>()
  let at = offset - tailStart
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || tail.readUInt32LE(at) !== CENTRAL_SIGNATURE) return false
    const nameLength = tail.readUInt16LE(at + 28)
    const next = at + 46 + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32)
    if (next > eocd) return false
    names.add(tail.subarray(at + 46, at + 46 + nameLength).toString('utf8'))
    at = next
  }
  return at === eocd && names.has(part) && names.has('[Content_Types].xml')
}

/** The end-of-central-directory record: searched backwards, past a comment of up to 64 KiB. */
function findEndRecord(tail: Buffer): number {
  const last = tail.length - EOCD_SIZE
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (tail.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length) return at
  }
  return -1
}
