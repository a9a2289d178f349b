import type { MouseEvent } from 'react'
import { pageCount, searchOf, type ListState } from './admin-lists/query.js'
import { useWords } from '../runtime/words.js'
import { pagerWords } from './pager-words.js'

interface PagerProps {
  path: string
  state: ListState
  total: number
  /** With JavaScript: fetch that page instead of following the link. */
  onPage?: (page: number, event: MouseEvent<HTMLAnchorElement>) => void
}

/** The page numbers shown: first, last, and two on each side of the current one. */
export function visiblePages(current: number, last: number): Array<number | 'gap'> {
  const shown: Array<number | 'gap'> = []
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) shown.push(page)
    else if (shown.at(-1) !== 'gap') shown.push('gap')
  }
  return shown
}

/** Links to the other pages of a list, keeping its search, dates and page size; the total beside them. */
export function Pager({ path, state, total, onPage }: PagerProps) {
  const words = useWords(pagerWords)
  const last = pageCount(total, state.pageSize)
  const current = Math.min(state.page, last)
  const href = (page: number) => `${path}${searchOf({ ...state, page })}`
  const link = (page: number, label: string, rel?: string) => (
    <a className="pager-link" href={href(page)} rel={rel} onClick={onPage && ((event) => onPage(page, event))}>
      {label}
    </a>
  )
  return (
    <nav className="pager" aria-label={words.label}>
      <p className="pager-total">{words.results(total)}</p>
      {last > 1 && (
        <ul className="pager-list">
          <li>{current > 1 ? link(current - 1, words.previous, 'prev') : <span className="pager-link" aria-disabled="true">{words.previous}</span>}</li>
          {visiblePages(current, last).map((page, index) =>
            page === 'gap' ? (
              <li key={`gap-${index}`} className="pager-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={page}>
                {page === current ? (
                  <span className="pager-link pager-current" aria-current="page">
                    <span className="visually-hidden">{words.page}</span>
                    {page}
                  </span>
                ) : (
                  <a className="pager-link" href={href(page)} aria-label={words.pageNumber(page)} onClick={onPage && ((event) => onPage(page, event))}>
                    {page}
                  </a>
                )}
              </li>
            ),
          )}
          <li>{current < last ? link(current + 1, words.next, 'next') : <span className="pager-link" aria-disabled="true">{words.next}</span>}</li>
        </ul>
      )}
      {last > 1 && (
        <p className="pager-status">
          Page {current} sur {last}
        </p>
      )}
    </nav>
  )
}
