import { useState } from 'react'
import type { RequestView } from '../../src/modules/requests/index.js'
import type { FormState } from '../../src/shared/form-state.js'
import type { Wire } from '../../src/shared/wire.js'
import { fetchList } from '../client/list.js'
import { EMPTY_LIST_STATE, type ListState } from '../components/admin-lists/query.js'
import type { AdminRow } from '../components/admin-lists/types.js'
import { RequestForm } from '../components/requests/RequestForm.js'
import AdminList from './AdminList.js'

export interface RequestsBoardProps {
  items: Wire<RequestView>[]
  total: number
  query: ListState
  /** Accepted clients to choose from; null when there are too many for a list (ask from the client's page). */
  clients: Array<{ id: number; username: string; entreprise: string }> | null
  types: Array<{ id: number; typeName: string }>
  today: string
  /** « Demander un document » posted without JavaScript and refused (contract §8). */
  form?: FormState | undefined
}

/**
 * The firm's requests (issue 16): the shared admin list, and « Demander un document » with a client
 * chooser above it; after a request is made the list starts again from its first page. Without
 * JavaScript the form posts to the page itself (contract §8).
 */
export default function RequestsBoard({ clients, types, today, form, ...props }: RequestsBoardProps) {
  const [list, setList] = useState({ ...props, version: 0 })

  async function created() {
    const result = await fetchList<AdminRow>('/api/requests')
    if (result.ok) setList((current) => ({ items: result.items as Wire<RequestView>[], total: result.total, query: EMPTY_LIST_STATE, version: current.version + 1 }))
  }

  return (
    <div className="requests-board">
      {clients && <RequestForm userId={null} clients={clients} types={types} today={today} onCreated={created} level={2} form={form} />}
      <AdminList key={list.version} kind="requests" items={list.items} total={list.total} query={list.query} />
    </div>
  )
}
