import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../db/database.js'
import { refusals } from '../../../shared/domain-error.js'
import { isStorageKey, newKey, type FileStorage } from '../../../storage/storage.js'
import { allPhotos, swapPhoto } from './repository.js'
import { photoKeyOf, photoUrlFor, type ProfilePhoto } from './value.js'
import { words } from './words.js'

const refuse = refusals(words)

/** Contract §2: at most 512×512 out (5 MB in: photo-validation.ts). */
export const PHOTO_MAX_SIDE = 512
/** Decompression bombs: a 5 MB PNG can claim billions of pixels; 40 MP covers any phone camera. */
export const PHOTO_MAX_INPUT_PIXELS = 40_000_000

type ImageFormat = 'jpeg' | 'png' | 'webp'

/** The format by its first bytes (magic numbers), never by name or claimed MIME type. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  return null
}

/**
 * sharp (libvips) is loaded with the first photo, not with the server: importing it costs 0.2 s of
 * CPU and 29 MB of memory that an instance, a command or a test without photos never needs.
 */
let sharpLoaded: Promise<typeof import('sharp')> | undefined
const loadSharp = async () => (await (sharpLoaded ??= import('sharp'))).default

/**
 * Decodes and re-encodes as WebP inside 512×512 (never enlarged), turned upright by its EXIF
 * orientation; sharp writes no metadata unless asked, so no EXIF, GPS or comment survives.
 */
export async function reencodePhoto(input: Buffer): Promise<Buffer> {
  const format = sniffImage(input)
  if (!format) throw refuse('unsupported_type', 'notImage').under('image')
  // Outside the try: a library that cannot load is the server's fault, not the file's.
  const sharp = await loadSharp()
  try {
    const image = sharp(input, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
    // The decoder must agree with the magic bytes (a PNG header on something else is refused).
    if ((await image.metadata()).format !== format) throw new Error('format mismatch')
    return await image
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw refuse('unsupported_type', 'notImage').under('image')
  }
}

/** The profile photo: re-encoded on the way in, stored under a fresh random key, public on the way out. */
export function createPhotos({ db, storage, log }: { db: Db; storage: FileStorage; log: FastifyBaseLogger }) {
  /** A file that cannot be removed is logged; what the database says stands. */
  const removeQuietly = (key: string) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'photo file not removed'))

  return {
    /** The storage keys of every account's photo (a backup copies these files). */
    async storedKeys(): Promise<string[]> {
      return (await allPhotos(db)).map(photoKeyOf).filter((key): key is string => key !== null && isStorageKey(key))
    },

    /**
     * Stores the re-encoded photo under a fresh key, then points the account at it, then removes
     * the old file: if storing or the update fails, the account and its old photo stay as they were.
     */
    async change(userId: number, input: Buffer): Promise<ProfilePhoto> {
      const image = await reencodePhoto(input)
      const key = newKey('photos', 'webp')
      await storage.write(key, Readable.from([image]))
      const photo = { url: photoUrlFor(key) }
      let replaced: Awaited<ReturnType<typeof swapPhoto>>
      try {
        replaced = await swapPhoto(db, userId, photo)
      } catch (error) {
        await removeQuietly(key)
        throw error
      }
      if (!replaced) {
        // The account was deleted while the photo was being stored.
        await removeQuietly(key)
        throw refuse('not_found', 'accountGone')
      }
      const oldKey = photoKeyOf(replaced.previous)
      if (oldKey && oldKey !== key && isStorageKey(oldKey)) await removeQuietly(oldKey)
      return photo
    },

    /** A stored photo by its file name (`<hex>.webp`), or undefined; any other name is never looked up. */
    async open(name: string) {
      const key = `photos/${name}`
      return isStorageKey(key) && key.endsWith('.webp') ? storage.read(key) : undefined
    },
  }
}

export type Photos = ReturnType<typeof createPhotos>
