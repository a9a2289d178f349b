/**
 * `hey` (Debian's package, Go): a probe at a fixed rate that answers every request's own latency.
 * wrk (the load) reports percentiles corrected for coordinated omission: it adds to its histogram
 * the requests an open-loop client would have sent during each slow answer, at its measured rate.
 * One connection sending /healthz back to back runs at ~4,000 requests/s idle and a few hundred
 * under load, so one 20 ms stall idle added about 80 synthetic samples of up to 20 ms and the idle
 * p99 rose to 13–16 ms (its own median 0.15 ms; `wrk -c1` even reported an average latency times
 * its request count longer than the run). A probe at the same fixed rate in both windows, counting
 * only what it measured, compares like with like.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'

export const HEY = '/usr/bin/hey'

/** The latencies (ms) of `GET url` sent by one worker at `rate` requests/s for `seconds`; any answer but 200 fails. */
export async function probe(url: string, options: { seconds: number; rate: number }): Promise<number[]> {
  if (!existsSync(HEY)) throw new Error(`${HEY} is missing: apt-get install -y hey`)
  const args = ['-z', `${options.seconds}s`, '-c', '1', '-q', String(options.rate), '-o', 'csv', url]
  const output = await new Promise<string>((done, fail) => {
    execFile(HEY, args, { timeout: (options.seconds + 30) * 1000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => (error ? fail(new Error(`hey ${url}: ${error.message} ${stderr}`)) : done(stdout)))
  })
  // response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset (seconds)
  const [header, ...lines] = output.trim().split('\n')
  const columns = header!.split(',')
  const time = columns.indexOf('response-time')
  const status = columns.indexOf('status-code')
  const rows = lines.map((line) => line.split(','))
  const refused = rows.filter((row) => row[status] !== '200').length
  if (time < 0 || rows.length === 0 || refused > 0) throw new Error(`hey ${url}: ${rows.length} answers, ${refused} not 200`)
  return rows.map((row) => Number(row[time]) * 1000)
}
