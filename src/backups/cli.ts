import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { choosePorts, createServices, type Ports } from '../app.js'
import { configOrFail, type Config } from '../config.js'
import { createDb, makePrivateDir, type Db } from '../db/database.js'
import { maskCredentials } from '../logging.js'

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
export function fail(message: string, code = 1): never {
  process.stderr.write(`${maskCredentials(message)}\n`)
  process.exit(code)
}

export interface Opened {
  config: Config
  ports: Ports
  /** The storage keys a database names, through the modules' own lists (documents, photos). */
  keysOf(db: Db): Promise<string[]>
  close(): Promise<void>
}

/** The configuration's database and file store, chosen by the composition root as the server's are. */
export async function open(): Promise<Opened> {
  const config = configOrFail(fail)
  makePrivateDir(config.varDir)
  const log = pino({ level: config.env === 'test' ? 'silent' : 'warn' }) as unknown as FastifyBaseLogger
  const db = createDb(config.databaseUrl)
  const ports = await choosePorts(config, { db }, log)
  return {
    config,
    ports,
    async keysOf(source) {
      const { documents, identity } = createServices(config, { ...ports, db: source }, log)
      return [...(await documents.storedKeys()), ...(await identity.photos.storedKeys())]
    },
    async close() {
      ports.mailer.close()
      ports.storage.close?.()
      await ports.redis?.close()
      await db.destroy()
    },
  }
}
