import type { FormEvent, MouseEvent } from 'react'

export interface ToolbarValues {
  q: string
  from: string
  to: string
}

interface ListToolbarProps {
  /** The list page's own path: the form GETs it, the reset link goes back to it. */
  path: string
  values: ToolbarValues
  /** Kept in the form so a search does not change the page size. */
  pageSize: number
  defaultPageSize: number
  searchLabel: string
  /** From/to date filter on the creation date (inclusive days). */
  dates: boolean
  onChange: (field: keyof ToolbarValues, value: string) => void
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  onReset?: (event: MouseEvent<HTMLAnchorElement>) => void
}

/**
 * Search box and date range of an admin list: a plain GET form to the page itself, so it works
 * without JavaScript; the list island intercepts it to fetch the JSON API instead.
 */
export function ListToolbar({ path, values, pageSize, defaultPageSize, searchLabel, dates, onChange, onSubmit, onReset }: ListToolbarProps) {
  return (
    <form className="list-toolbar" method="get" action={path} role="search" onSubmit={onSubmit}>
      <label className="list-toolbar-field list-toolbar-search">
        <span>Recherche</span>
        <input type="search" name="q" value={values.q} maxLength={200} placeholder={searchLabel} onChange={(e) => onChange('q', e.target.value)} />
      </label>
      {dates && (
        <>
          <label className="list-toolbar-field">
            <span>Du</span>
            <input type="date" name="from" value={values.from} max={values.to || undefined} onChange={(e) => onChange('from', e.target.value)} />
          </label>
          <label className="list-toolbar-field">
            <span>Au</span>
            <input type="date" name="to" value={values.to} min={values.from || undefined} onChange={(e) => onChange('to', e.target.value)} />
          </label>
        </>
      )}
      {pageSize !== defaultPageSize && <input type="hidden" name="pageSize" value={pageSize} />}
      <div className="list-toolbar-actions">
        <button type="submit" className="button button-primary">
          Rechercher
        </button>
        <a className="list-toolbar-reset" href={path} onClick={onReset}>
          Réinitialiser
        </a>
      </div>
    </form>
  )
}
