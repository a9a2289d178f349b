import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { configOrFail } from './config.js'
import { createDb, makePrivateDir } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { maskCredentials } from './logging.js'

const USAGE =
  'Usage: npm run admin:create -- --email E [--password P] [--reset-two-factor]   (asks for what is missing when run in a terminal;\n' +
  '  --reset-two-factor also turns the account’s two-factor sign-in off: a lost phone, or an authenticator someone else enrolled)'

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
function fail(message: string, code = 1): never {
  process.stderr.write(`${maskCredentials(message)}\n`)
  process.exit(code)
}

/** One line read from the terminal; `hidden` echoes nothing (a password). */
function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  if (hidden) {
    // readline echoes through this method: the question is written, the typed characters are not.
    const write = (rl as unknown as { _writeToOutput(s: string): void })._writeToOutput.bind(rl)
    ;(rl as unknown as { _writeToOutput(s: string): void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write(question)
    }
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      if (hidden) process.stdout.write('\n')
      rl.close()
      resolve(answer.trim())
    }),
  )
}

async function credentials(): Promise<{ email: string; password: string; resetTwoFactor: boolean }> {
  let values: { email?: string; password?: string; 'reset-two-factor'?: boolean }
  try {
    ;({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, 'reset-two-factor': { type: 'boolean' } }, strict: true }))
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2)
  }
  let { email, password } = values
  const interactive = process.stdin.isTTY === true
  if (!email && interactive) email = await ask('E-mail de l’administrateur : ')
  if (!password && interactive) {
    password = await ask('Mot de passe : ', true)
    if (password !== (await ask('Mot de passe (encore) : ', true))) fail('The two passwords differ.')
  }
  // Piped or in a script nothing can be asked: say which flag is missing before the usage.
  if (!email || !password) fail(`${interactive ? '' : `Not run in a terminal: pass ${[!email && '--email', !password && '--password'].filter(Boolean).join(' and ')} on the command line.\n`}${USAGE}`, 2)
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) fail(`Invalid e-mail address: ${email}`, 2)
  return { email, password, resetTwoFactor: values['reset-two-factor'] === true }
}

/**
 * `npm run admin:create`: makes sure a verified, accepted administrator with these credentials
 * exists (contract §8), through identity's own ensureAdmin and the ports the configuration names;
 * no server, no HTTP. Migrates first, so it works on a fresh install before the first start.
 */
async function main() {
  const admin = await credentials()
  // Loaded once the arguments are known: the app's modules (pages included) take a second to load.
  const [{ choosePorts, createServices }, { AdminPasswordRefused }] = await Promise.all([import('./app.js'), import('./modules/identity/index.js')])
  const config = configOrFail(fail)
  makePrivateDir(config.varDir)
  const log = pino({ level: config.env === 'test' ? 'silent' : 'warn' }) as unknown as FastifyBaseLogger
  const db = createDb(config.databaseUrl)
  try {
    await migrateToLatest(db)
    const ports = await choosePorts(config, { db }, log)
    const { identity } = createServices(config, ports, log)
    const { resetTwoFactor, ...credentials } = admin
    const outcome = await identity.ensureAdmin(credentials)
    const said = { created: 'created', updated: 'promoted or given this password', unchanged: 'already an administrator with this password' }
    process.stdout.write(`Administrator ${admin.email.trim().toLowerCase()}: ${said[outcome!]}.\n`)
    // Its sessions and tokens end with it, the owner is mailed and the journal records it (no actor: the console).
    if (resetTwoFactor) process.stdout.write((await identity.twoFactor.resetFromConsole(admin.email)) ? 'Two-factor sign-in turned off.\n' : 'Two-factor sign-in was not on.\n')
    ports.mailer.close()
    ports.storage.close?.()
    await ports.redis?.close()
  } catch (error) {
    if (error instanceof AdminPasswordRefused) fail(`Password refused: ${error.reason}`)
    fail(`admin:create failed: ${(error as Error).message.split('\n')[0]}`)
  } finally {
    await db.destroy()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => fail(`admin:create failed: ${(error as Error).message}`),
)
