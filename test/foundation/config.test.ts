import t from 'tap'
import { loadConfig, PRODUCTION_PASSWORD_COST } from '../../src/config.js'
import { createPasswords, hashPassword, OWASP_COST, verifyPassword } from '../../src/modules/identity/passwords.js'

const base = { NODE_ENV: 'test' }

t.test('defaults follow contract §1', async (t) => {
  const config = loadConfig(base)
  t.equal(config.port, 3000)
  t.equal(config.host, '127.0.0.1')
  t.match(config.databaseUrl, /^sqlite:.*\/var\/portal\.sqlite$/)
  t.equal(config.publicUrl, 'http://localhost:3000')
  t.equal(config.maxUploadBytes, 20 * 1024 * 1024)
  t.match(config.uploadDir, /\/uploads$/)
  t.equal(config.secureCookies, false)
  t.same(config.rateLimits, { loginPerAccount: 10, loginPerIp: 100, registerPerIp: 20, tokenPerIp: 20, contactPerIp: 10, uploadPerUser: 100, messagePerUser: 60 })
})

t.test('values are read and converted', async (t) => {
  const config = loadConfig({ ...base, PORT: '8080', PUBLIC_URL: 'https://cabinet.example.dz/', MAX_UPLOAD_MB: '5', DATABASE_URL: 'mysql://u:p@db:3306/portal', RATE_LIMIT_LOGIN_IP: '7' })
  t.equal(config.port, 8080)
  t.equal(config.publicUrl, 'https://cabinet.example.dz')
  t.equal(config.secureCookies, true)
  t.equal(config.maxUploadBytes, 5 * 1024 * 1024)
  t.equal(config.databaseUrl, 'mysql://u:p@db:3306/portal')
  t.equal(config.rateLimits.loginPerIp, 7)
  t.equal(loadConfig({ ...base, RATE_LIMIT_UPLOAD_USER: '3' }).rateLimits.uploadPerUser, 3)
  t.equal(loadConfig({ ...base, RATE_LIMIT_MESSAGE_USER: '5' }).rateLimits.messagePerUser, 5)
  t.equal(loadConfig(base).retentionYears, 10, 'RETENTION_YEARS: the commercial code’s ten years by default')
  t.equal(loadConfig({ ...base, RETENTION_YEARS: '12' }).retentionYears, 12)
})

t.test('a bad value is refused with one line naming the variable', async (t) => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ DATABASE_URL: 'foo://x' }, /^Invalid DATABASE_URL: /],
    [{ PORT: 'abc' }, /^Invalid PORT: /],
    [{ PORT: '70000' }, /^Invalid PORT: /],
    [{ PUBLIC_URL: 'cabinet.dz' }, /^Invalid PUBLIC_URL: /],
    [{ SMTP_URL: 'http://x' }, /^Invalid SMTP_URL: /],
    [{ MAX_UPLOAD_MB: 'lots' }, /^Invalid MAX_UPLOAD_MB: /],
    [{ RETENTION_YEARS: '0' }, /^Invalid RETENTION_YEARS: expected a whole number of years from 1 to 100 .*\(got "0"\)$/],
    [{ RETENTION_YEARS: '2.5' }, /^Invalid RETENTION_YEARS: /],
    [{ RETENTION_YEARS: 'dix' }, /^Invalid RETENTION_YEARS: /],
    [{ RETENTION_YEARS: '101' }, /^Invalid RETENTION_YEARS: /],
    [{ ADMIN_EMAIL: 'admin@cabinet.dz' }, /^Invalid ADMIN_EMAIL\/ADMIN_PASSWORD: /],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'short' }, /^Invalid SESSION_SECRET: /],
    [{ NODE_ENV: 'production' }, /^Invalid SESSION_SECRET: required in production/],
  ]
  for (const [env, pattern] of cases) {
    t.throws(() => loadConfig({ ...base, ...env }), { name: 'ConfigError' }, JSON.stringify(env))
    try {
      loadConfig({ ...base, ...env })
    } catch (error) {
      t.match((error as Error).message, pattern)
      t.notMatch((error as Error).message, /\n/, 'one line')
    }
  }
})

t.test('the session secret is never echoed in the error', async (t) => {
  try {
    loadConfig({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'tiny-secret-value' })
    t.fail('should refuse')
  } catch (error) {
    t.notMatch((error as Error).message, /tiny-secret-value/)
  }
})

t.test('production accepts a long secret', async (t) => {
  const config = loadConfig({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })
  t.equal(config.env, 'production')
  t.equal(config.sessionSecret, 'x'.repeat(40))
})

t.test('password hashes: OWASP’s Argon2id cost in production and development, the least only with NODE_ENV=test', async (t) => {
  const owasp = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
  const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })
  t.same(production.passwordCost, owasp, 'production')
  t.same(loadConfig({ ...base, NODE_ENV: 'development' }).passwordCost, owasp, 'development')
  t.same(loadConfig({}).passwordCost, owasp, 'NODE_ENV unset')
  t.same(loadConfig(base).passwordCost, { memoryCost: 8, timeCost: 1, parallelism: 1 }, 'test')
  t.same(PRODUCTION_PASSWORD_COST, OWASP_COST, 'the configuration and the identity module agree on the production cost')
  const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/
  const made = await createPasswords(production.passwordCost).hash('Zt9#qLm2vR')
  t.match(made, PHC, 'argon2id, 19 MiB, t=2, p=1 from the production configuration')
  t.ok(await verifyPassword(made, 'Zt9#qLm2vR'))
  t.match(await hashPassword('Zt9#qLm2vR'), PHC, 'callers that name no cost get the production one')
  const cheap = await hashPassword('Zt9#qLm2vR', loadConfig(base).passwordCost)
  t.match(cheap, /^\$argon2id\$v=19\$m=8,t=1,p=1\$/)
  t.ok(await verifyPassword(cheap, 'Zt9#qLm2vR'), 'a hash names its own cost: checks need none')
  t.notOk(await verifyPassword(cheap, 'Zt9#qLm2vX'))
})
