import { useEffect, useState } from 'react'
import { api, type ApiResult } from '../client/api.js'

/**
 * Calls a link's API once the page is in the browser (mail scanners run no JavaScript, so they
 * never spend a single-use token): 'checking', then the answer; a malformed link is never sent.
 */
export function useLinkCheck(url: string, wellFormed: boolean): 'checking' | 'malformed' | ApiResult<unknown> {
  const [result, setResult] = useState<'checking' | ApiResult<unknown>>('checking')
  useEffect(() => {
    if (!wellFormed) return
    let live = true
    void api(url).then((answer) => {
      if (live) setResult(answer)
    })
    return () => {
      live = false
    }
  }, [url, wellFormed])
  return wellFormed ? result : 'malformed'
}
