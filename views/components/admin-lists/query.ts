import { DEFAULT_LIST_PAGE_SIZE, type ListState } from '../../../src/shared/list-search.js'

export { DEFAULT_LIST_PAGE_SIZE, searchOf, type ListState } from '../../../src/shared/list-search.js'

export const EMPTY_LIST_STATE: ListState = { q: '', from: '', to: '', page: 1, pageSize: DEFAULT_LIST_PAGE_SIZE }

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

