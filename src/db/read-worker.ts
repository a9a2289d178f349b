import { workerData } from 'node:worker_threads'
import { answer, lowerThisThread, type ReadTask } from './read-task.js'
import { openSqlite, withStatementCache } from './sqlite-connection.js'

lowerThisThread()

const { path } = workerData as { path: string }
const connection = withStatementCache(openSqlite(path, { queryOnly: true }))

/** A SQLite read worker's one task: the rows of a SELECT, read on this thread's own connection. */
export default function read(task: ReadTask) {
  return answer(task, (sql, parameters) => connection.prepare(sql).all(parameters as unknown[]))
}
