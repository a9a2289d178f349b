import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

export function machine(): string {
  return `${availableParallelism()} CPU, ${cpus()[0]?.model.trim() ?? '?'}, Node ${process.version}`
}

export function now(): string {
  return new Date().toISOString().slice(0, 16).replace('T', ' ')
}

/** p in [0, 1] of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!
}

export const median = (values: number[]) => percentile(values, 0.5)
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

/**
 * Appends `row` to the table of the section titled `title` in BENCHMARKS.md, creating the section
 * (with `intro` and the table's `columns`) at the end of the file when it is not there yet.
 */
export function appendRow(title: string, intro: string, columns: string[], row: string[]): void {
  const file = join(ROOT, 'BENCHMARKS.md')
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const heading = `## ${title}`
  const line = `| ${row.join(' | ')} |`
  if (!text.includes(heading)) {
    const header = `| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |`
    text = `${text.trimEnd()}\n\n${heading}\n\n${intro}\n\n${header}\n${line}\n`
  } else {
    // After the last row of the section's table with these columns: a table of notes further down the
    // section (a summary of runs) takes no row (session 13's rows landed in one).
    const lines = text.split('\n')
    const start = lines.indexOf(heading)
    const header = `| ${columns.join(' | ')} |`
    let end = start + 1
    while (end < lines.length && !lines[end]!.startsWith('## ')) end++
    const own = lines.slice(start, end).indexOf(header)
    let last = start
    if (own >= 0) for (last = start + own; lines[last + 1]?.startsWith('|'); last++);
    else for (let i = start + 1; i < end; i++) if (lines[i]!.startsWith('|')) last = i
    lines.splice(last + 1, 0, line)
    text = lines.join('\n')
  }
  writeFileSync(file, text)
}
