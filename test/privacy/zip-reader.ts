// Reads a ZIP answer with yauzl (a maintained ZIP library, not ours): each entry's name and bytes.
import yauzl from 'yauzl'

export async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))))
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => resolve())
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', reject)
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
    })
    zip.readEntry()
  })
  return entries
}
