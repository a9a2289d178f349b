import { useCallback, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { showToast } from '../client/toast.js'
import { fetchList } from '../client/list.js'
import { AdminTable } from '../components/admin-lists/AdminTable.js'
import { listKindsIn, type ListKindName } from '../components/admin-lists/index.js'
import { adminListWords } from '../components/admin-lists/words.js'
import { useLanguage, useWords } from '../runtime/words.js'
import { EMPTY_LIST_STATE, DEFAULT_LIST_PAGE_SIZE, pageCount, searchOf, type ListState } from '../components/admin-lists/query.js'
import type { AdminRow, ListChoice, RowAction } from '../components/admin-lists/types.js'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { ListToolbar, type ToolbarValues } from '../components/ListToolbar.js'
import { Pager } from '../components/Pager.js'
import { Spinner } from '../components/Spinner.js'
import { useHydrated } from '../components/useHydrated.js'

export interface AdminListProps {
  kind: ListKindName
  /** The page the server rendered for `query`. */
  items: AdminRow[]
  total: number
  query: ListState
  /** The toolbar's selects made of the server's data (the clients list's « Suivi par »), after the kind's own. */
  choices?: ListChoice[] | undefined
}

type Pending = { action: RowAction<AdminRow>; row: AdminRow }

/**
 * Any admin list (kinds in views/components/admin-lists): toolbar, table, pager. Without JavaScript
 * the toolbar and pager are plain links and forms, and row actions are links to their confirmation
 * pages or forms posted to the server (contract §8); with it they fetch the JSON API, keep the URL in
 * step, and row actions run after a confirmation dialog, then the list refreshes (`data-hydrated`).
 */
export default function AdminList({ kind: kindName, items, total: initialTotal, query, choices: dataChoices = [] }: AdminListProps) {
  const kind = listKindsIn(useLanguage())[kindName]
  const words = useWords(adminListWords)
  const choices = [...(kind.choices ?? []), ...dataChoices]
  const hydrated = useHydrated()
  const [rows, setRows] = useState(items)
  const [total, setTotal] = useState(initialTotal)
  const [state, setState] = useState(query)
  const [draft, setDraft] = useState<ToolbarValues>({ q: query.q, from: query.from, to: query.to, filters: query.filters ?? {} })
  const [loading, setLoading] = useState(false)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busyId, setBusyId] = useState<AdminRow['id'] | null>(null)
  const region = useRef<HTMLElement>(null)
  const current = useRef(query)
  // Only the answer to the latest request is shown, whatever order the answers come in.
  const ticket = useRef(0)

  const load = useCallback(
    async (next: ListState): Promise<void> => {
      current.current = next
      setState(next)
      window.history.replaceState(window.history.state, '', `${kind.path}${searchOf(next)}`)
      if (!kind.endpoint) return
      const mine = ++ticket.current
      setLoading(true)
      const result = await fetchList<AdminRow>(`${kind.endpoint}${searchOf(next)}`)
      if (mine !== ticket.current) return
      setLoading(false)
      if (!result.ok) return showToast('error', result.message)
      // The last row of the last page went away: show the page that is now the last.
      const last = pageCount(result.total, next.pageSize)
      if (result.items.length === 0 && result.total > 0 && next.page > last) return load({ ...next, page: last })
      setRows(result.items)
      setTotal(result.total)
    },
    [kind],
  )

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void load({ ...current.current, q: draft.q.trim(), from: draft.from, to: draft.to, filters: draft.filters ?? {}, page: 1 })
  }
  const reset = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    setDraft({ q: '', from: '', to: '', filters: {} })
    void load(EMPTY_LIST_STATE)
  }
  const goTo = (page: number, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    // The pager sits below the rows: bring the new page's first rows into view, as a link would.
    void load({ ...current.current, page }).then(() => region.current?.scrollIntoView({ block: 'start' }))
  }

  async function perform({ action, row }: Pending) {
    if (!action.run) return
    setBusyId(row.id)
    const outcome = await action.run(row)
    setBusyId(null)
    if (!outcome.ok) return showToast('error', outcome.message)
    if (outcome.message) showToast('success', outcome.message)
    if (outcome.effect === 'refresh') await load(current.current)
    if (outcome.effect === 'remove') {
      setRows((list) => list.filter((item) => item.id !== row.id))
      setTotal((count) => Math.max(0, count - 1))
    }
    // The button that had focus left with its row: keep the keyboard user in the list.
    if (document.activeElement === document.body) region.current?.focus()
  }

  const onAction = (action: RowAction<AdminRow>, row: AdminRow) => {
    if (busyId !== null) return
    if (action.confirm) setPending({ action, row })
    else void perform({ action, row })
  }
  const fallbackFocus = useCallback(() => region.current, [])

  return (
    <section className="admin-list" ref={region} tabIndex={-1} aria-label={kind.caption} aria-busy={loading || busyId !== null} data-hydrated={hydrated || undefined}>
      {kind.search !== null && (
        <ListToolbar
          path={kind.path}
          values={draft}
          pageSize={state.pageSize}
          defaultPageSize={DEFAULT_LIST_PAGE_SIZE}
          searchLabel={kind.search}
          dates={kind.dates}
          choices={choices}
          onChange={(field, value) => setDraft((values) => ({ ...values, [field]: value }))}
          onChoice={(name, value) => setDraft((values) => ({ ...values, filters: { ...values.filters, [name]: value } }))}
          onSubmit={hydrated ? search : undefined}
          onReset={hydrated ? reset : undefined}
        />
      )}
      {loading ? (
        <Spinner label={words.loading} />
      ) : (
        <AdminTable kind={kind} rows={rows} interactive={hydrated} search={searchOf(state)} busyId={busyId} onAction={onAction} />
      )}
      <Pager path={kind.path} state={state} total={total} onPage={hydrated && kind.endpoint ? goTo : undefined} />
      <ConfirmDialog
        request={pending ? pending.action.confirm!(pending.row) : null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const chosen = pending
          setPending(null)
          if (chosen) void perform(chosen)
        }}
        fallbackFocus={fallbackFocus}
      />
    </section>
  )
}
