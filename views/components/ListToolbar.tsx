import { useId, type FormEvent, type MouseEvent } from 'react'
import type { ListChoice } from './admin-lists/types.js'
import { adminListWords } from './admin-lists/words.js'
import { useWords } from '../runtime/words.js'

export interface ToolbarValues {
  q: string
  from: string
  to: string
  /** The list's own filters (requests' state…), by name. */
  filters?: Record<string, string>
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
  /** Selects of the list's own filters; a filter without one (a client's id) is kept hidden. */
  choices?: ListChoice[]
  onChange: (field: Exclude<keyof ToolbarValues, 'filters'>, value: string) => void
  onChoice?: (name: string, value: string) => void
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  onReset?: (event: MouseEvent<HTMLAnchorElement>) => void
}

/**
 * Search box and date range of an admin list: a plain GET form to the page itself, so it works
 * without JavaScript; the list island intercepts it to fetch the JSON API instead.
 */
export function ListToolbar({ path, values, pageSize, defaultPageSize, searchLabel, dates, choices = [], onChange, onChoice, onSubmit, onReset }: ListToolbarProps) {
  const words = useWords(adminListWords).toolbar
  const id = useId()
  const filters = values.filters ?? {}
  const hidden = Object.entries(filters).filter(([name, value]) => value && !choices.some((choice) => choice.name === name))
  return (
    <form className="list-toolbar" method="get" action={path} role="search" onSubmit={onSubmit}>
      <label className="list-toolbar-field list-toolbar-search">
        <span>{words.search}</span>
        <input type="search" name="q" value={values.q} maxLength={200} placeholder={searchLabel} onChange={(e) => onChange('q', e.target.value)} />
      </label>
      {dates && (
        <>
          <label className="list-toolbar-field">
            <span>{words.from}</span>
            <input type="date" name="from" value={values.from} max={values.to || undefined} onChange={(e) => onChange('from', e.target.value)} />
          </label>
          <label className="list-toolbar-field">
            <span>{words.to}</span>
            <input type="date" name="to" value={values.to} min={values.from || undefined} onChange={(e) => onChange('to', e.target.value)} />
          </label>
        </>
      )}
      {choices.map((choice) => (
        // Labelled by id, not by wrapping: a wrapped select's name would take its options' text too.
        <div key={choice.name} className="list-toolbar-field">
          <label htmlFor={`${id}-${choice.name}`}>{choice.label}</label>
          <select id={`${id}-${choice.name}`} name={choice.name} value={filters[choice.name] ?? ''} onChange={(e) => onChoice?.(choice.name, e.target.value)}>
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {pageSize !== defaultPageSize && <input type="hidden" name="pageSize" value={pageSize} />}
      <div className="list-toolbar-actions">
        <button type="submit" className="button button-primary">
          {words.submit}
        </button>
        <a className="list-toolbar-reset" href={path} onClick={onReset}>
          {words.reset}
        </a>
      </div>
    </form>
  )
}

/** The from/to days of a list's search form rendered by the server alone (no island: the journal, the threads). */
export function DayRangeFields({ from, to }: { from?: string; to?: string }) {
  const words = useWords(adminListWords).toolbar
  return (
    <>
      <label className="list-toolbar-field">
        <span>{words.from}</span>
        <input type="date" name="from" defaultValue={from} />
      </label>
      <label className="list-toolbar-field">
        <span>{words.to}</span>
        <input type="date" name="to" defaultValue={to} />
      </label>
    </>
  )
}
