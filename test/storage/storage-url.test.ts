// Issue 14: STORAGE_URL picks the local disk or a bucket (contract §5), checked at start with one
// line naming the variable; the bucket's secret is never part of an error, a log line or the config's JSON.
import { inspect } from 'node:util'
import t from 'tap'
import { loadConfig } from '../../src/config.js'

const base = { NODE_ENV: 'test' }
const keys = { AWS_ACCESS_KEY_ID: 'AKIAPORTALTEST', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-top-secret' }

t.test('absent or file:, the local disk', async (t) => {
  t.same(loadConfig(base).storage, { kind: 'disk' })
  t.same(loadConfig({ ...base, STORAGE_URL: 'file:' }).storage, { kind: 'disk' })
})

t.test('s3://BUCKET with its parameters, credentials from the environment', async (t) => {
  const config = loadConfig({ ...base, ...keys, STORAGE_URL: 's3://cabinet-docs?endpoint=http://minio:9000/&region=eu-west-3&forcePathStyle=true' })
  t.match(config.storage, { kind: 's3', bucket: 'cabinet-docs', endpoint: 'http://minio:9000', region: 'eu-west-3', forcePathStyle: true })
  if (config.storage.kind !== 's3') throw new Error('not a bucket')
  t.same(await config.storage.credentials(), { accessKeyId: keys.AWS_ACCESS_KEY_ID, secretAccessKey: keys.AWS_SECRET_ACCESS_KEY })
  const session = loadConfig({ ...base, ...keys, AWS_SESSION_TOKEN: 'session-token-value', STORAGE_URL: 's3://cabinet-docs' })
  t.match(session.storage, { endpoint: undefined, region: 'us-east-1', forcePathStyle: false }, 'AWS S3 itself, with defaults')
  if (session.storage.kind === 's3') t.equal((await session.storage.credentials()).sessionToken, 'session-token-value')
  for (const shown of [JSON.stringify(config), inspect(config, { depth: 10 }), JSON.stringify(session), inspect(session, { depth: 10 })]) {
    t.notMatch(shown, /top-secret|session-token-value/, 'the secret is not in the configuration as printed')
  }
})

t.test('a bad STORAGE_URL is refused with one line that says why, never echoing a credential', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['https://bucket.example', /expected file: or s3:\/\/BUCKET/],
    ['file:/srv/uploads', /file: takes no path/],
    ['s3://', /the bucket must be/],
    ['s3://Cabinet_Docs', /the bucket must be/],
    ['s3://cabinet-docs:9000', /no port after the bucket/],
    ['s3://cabinet-docs/prefix', /no path after the bucket/],
    ['s3://AKIAPORTALTEST:wJalrXUtnFEMI-top-secret@cabinet-docs', /credentials belong in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
    ['s3://cabinet-docs?secretAccessKey=wJalrXUtnFEMI-top-secret', /unknown parameter "secretAccessKey"/],
    ['s3://cabinet-docs?endpoint=http://admin:wJalrXUtnFEMI-top-secret@minio:9000', /endpoint must be http\(s\):\/\/HOST\[:PORT\]/],
    ['s3://cabinet-docs?endpoint=minio:9000', /endpoint must be/],
    ['s3://cabinet-docs?region=Europe West', /region must be/],
    ['s3://cabinet-docs?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://cabinet-docs?region=a&region=b', /given twice/],
  ]
  for (const [url, why] of cases) {
    try {
      loadConfig({ ...base, ...keys, STORAGE_URL: url })
      t.fail(`accepted ${url}`)
    } catch (error) {
      t.equal((error as Error).name, 'ConfigError', url)
      t.match((error as Error).message, /^Invalid STORAGE_URL: /)
      t.match((error as Error).message, why)
      t.notMatch((error as Error).message, /\n|top-secret/, 'one line, no secret')
    }
  }
  t.throws(() => loadConfig({ ...base, STORAGE_URL: 's3://cabinet-docs' }), /^Invalid STORAGE_URL: a bucket needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/)
  t.throws(() => loadConfig({ ...base, AWS_ACCESS_KEY_ID: 'x', STORAGE_URL: 's3://cabinet-docs' }), /needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/)
})
