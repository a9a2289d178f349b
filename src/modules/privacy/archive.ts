import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

/**
 * A ZIP written as it is read (contract §12: never the whole archive in memory): each entry's bytes
 * are asked for only when the archive reaches it, so one file at a time is open, and the answer's
 * back-pressure reaches the file being read.
 */
export interface ArchiveEntry {
  name: string
  mtime: Date
  /** Files already compressed (PDF, images, Office) are stored; text is deflated. */
  compress: boolean
  open(): Promise<Readable>
}

export function streamArchive(entries: Iterable<ArchiveEntry>, onError: (error: unknown) => void): Readable {
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  zip.on('error', (error: unknown) => {
    onError(error)
    output.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, compress: entry.compress }, (done) => {
      entry.open().then(
        (stream) => {
          // A failing read (the bucket gone mid-file) ends the archive, cut: never a ZIP that lies.
          stream.once('error', (error) => zip.emit('error', error))
          done(null, stream)
        },
        (error: unknown) => done(error, undefined as never),
      )
    })
  }
  zip.end()
  return output
}

/** JSON text produced piece by piece: each chunk a Buffer, asked for as the archive reads. */
export function jsonStream(pieces: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      for await (const piece of pieces) yield Buffer.from(piece, 'utf8')
    })(),
    { objectMode: false },
  )
}

/** Characters no file system takes in a name (and the ZIP's separators). */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g

/**
 * Names for files under one folder: each original name, made safe for every file system, and made
 * unique ignoring case (Windows and macOS) by a « (2) », « (3) »… before the extension.
 */
export function uniqueNames() {
  const taken = new Set<string>()
  return (original: string, fallback: string): string => {
    const cleaned = original.replace(UNSAFE, '_').replace(/^[.\s]+/, '').trim().slice(0, 200)
    const safe = cleaned || fallback
    const dot = safe.lastIndexOf('.')
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, '']
    let name = safe
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${extension}`
    taken.add(name.toLowerCase())
    return name
  }
}
