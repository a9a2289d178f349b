import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react'
import type { ThreadMessage } from '../../src/modules/messages/schemas.js'
import { messageWords } from '../../src/modules/messages/texts.js'
import { checkMessage, TEXT_MAX } from '../../src/modules/messages/validation.js'
import { useFormats, When } from '../components/When.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { LinkedText } from '../components/LinkedText.js'
import { useHydrated } from '../components/useHydrated.js'
import { useWords } from '../runtime/words.js'

export interface MessageThreadProps {
  /** The client whose thread it is. */
  userId: number
  /** Which side reads: the client company's people, or the firm's (admin or staff). */
  viewer: 'client' | 'firm'
  /** The person reading: their own messages are « Vous » (contract §9: a side is several people). */
  viewerId: number
  /** Page `page` of the thread (page 1: the latest), oldest first. */
  messages: ThreadMessage[]
  total: number
  page: number
  pageSize: number
  /** After a refused post without JavaScript: the text as typed, and why. */
  draft?: string | undefined
  error?: string | undefined
}

/**
 * One client's thread with the firm (contract §7): the messages, oldest first, older pages on
 * demand (a link without JavaScript), and the form, which posts to the API and shows the new
 * message at once (without JavaScript, or before hydration, it posts to the page itself). Texts are shown as text, links made safe by LinkedText; "Lu" under one's own
 * messages (one's side's) that the other side has read.
 */
export default function MessageThread({ userId, viewer, viewerId, messages: first, total, page, pageSize, draft = '', error: refused = '' }: MessageThreadProps) {
  const texts = useWords(messageWords)
  const ids = useId()
  const hydrated = useHydrated()
  const formats = useFormats()
  const [messages, setMessages] = useState(first)
  const [oldest, setOldest] = useState(page)
  const [known, setKnown] = useState(total)
  const [loading, setLoading] = useState(false)
  const [text, setText] = useState(draft)
  const [error, setError] = useState(refused)
  const [busy, setBusy] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  // What was typed before the island hydrated is in the page, not yet in the state: take it over.
  useEffect(() => setText(field.current?.value ?? ''), [])
  // A message of the reader's side sits on their side; « Vous » is theirs alone, a colleague's carries their name.
  const own = (message: ThreadMessage) => message.author.isAdmin === (viewer === 'firm')
  function authorOf({ author }: ThreadMessage): string {
    if (author.id === viewerId) return texts.you
    // A firm's account since deleted is « Le cabinet » already.
    return viewer === 'client' && author.isAdmin && author.id !== null ? texts.firmPerson(author.username) : author.username
  }
  const hasOlder = oldest * pageSize < known

  async function loadOlder(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    if (loading) return
    setLoading(true)
    const next = oldest + 1
    const result = await api<ThreadMessage[]>(`/api/messages/${userId}?page=${next}&pageSize=${pageSize}`)
    setLoading(false)
    if (!result.ok) return showToast('error', result.message)
    // Messages written since the page was shown move the pages' bounds: an overlap is dropped.
    setMessages((shown) => [...result.data.filter((m) => !shown.some((s) => s.id === m.id)), ...shown])
    setOldest(next)
  }

  async function send(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (busy) return
    const checked = checkMessage({ text })
    if (!checked.ok) return setError(checked.message)
    setError('')
    setBusy(true)
    const result = await api<ThreadMessage>(`/api/messages/${userId}`, { body: checked.value })
    setBusy(false)
    if (!result.ok) return setError(result.message)
    setMessages((shown) => [...shown, result.data])
    setKnown((n) => n + 1)
    setText('')
    showToast('success', texts.sent)
    requestAnimationFrame(() => list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' }))
  }

  // Ctrl+Enter (⌘+Enter) sends, as in mail clients; Enter alone is a new line.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send()
  }

  return (
    <div className="thread">
      {hasOlder && (
        <p className="thread-older">
          <a href={`?page=${oldest + 1}`} onClick={loadOlder} aria-disabled={loading || undefined}>
            {loading ? texts.loadingOlder : texts.older}
          </a>
        </p>
      )}
      {messages.length === 0 ? (
        <p className="thread-empty">{texts.empty}</p>
      ) : (
        <ol ref={list} className="thread-list" aria-label={texts.threadLabel}>
          {messages.map((message) => (
            <li key={message.id} className={own(message) ? 'thread-message thread-own' : 'thread-message'}>
              <p className="thread-meta">
                <span className="thread-author">{authorOf(message)}</span>{' '}
                <When at={message.at} />
              </p>
              <p className="thread-text" dir="auto">
                <LinkedText text={message.text} />
              </p>
              {own(message) && message.readAt && (
                <p className="thread-read">
                  <abbr title={formats.instant(message.readAt)}>{texts.read}</abbr>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {/* data-ready: the name other branches' browser tests wait for, before data-hydrated (every form's). */}
      <form className="thread-form" method="post" noValidate onSubmit={send} aria-busy={busy} data-hydrated={hydrated || undefined} data-ready={hydrated || undefined}>
        <label htmlFor={`${ids}-text`}>{texts.formLabel}</label>
        <textarea
          ref={field}
          id={`${ids}-text`}
          name="text"
          rows={4}
          // maxlength counts UTF-16 units, the check characters: room for 5,000 of two units each (emoji).
          maxLength={TEXT_MAX * 2}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${ids}-hint`} className="thread-hint">
          {texts.formHint}
        </p>
        <p id={`${ids}-error`} className="thread-error" role="alert">
          {error}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? texts.sending : texts.send}
        </button>
      </form>
    </div>
  )
}
