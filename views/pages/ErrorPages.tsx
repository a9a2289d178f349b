import { page } from '../../src/render/page.js'
import { useWords } from '../runtime/words.js'
import { errorPageWords } from '../words.js'
import { wordsOf } from '../../src/shared/words.js'

/** `message`: what is missing, when the error says it (a client deleted while the firm sent a file); none, an address that names nothing. */
export const NotFoundPage = page<{ message?: string }>((_props, language) => ({ title: wordsOf(errorPageWords, language).notFound, description: wordsOf(errorPageWords, language).notFoundDescription }), function NotFoundPage({ message }) {
  const words = useWords(errorPageWords)
  return (
    <section className="error-page">
      <h1>404</h1>
      <h2>{words.notFound}</h2>
      <p>{message ?? words.notFoundText}</p>
      <a className="button" href="/">
        {words.home}
      </a>
    </section>
  )
})

export const ErrorPage = page<{ status: number; message: string }>(
  (_props, language) => ({ title: wordsOf(errorPageWords, language).errorTitle, description: wordsOf(errorPageWords, language).errorDescription }),
  function ErrorPage({ status, message }) {
    const words = useWords(errorPageWords)
    return (
      <section className="error-page">
        <h1>{status}</h1>
        <h2>{words.error}</h2>
        <p>{message}</p>
        <a className="button" href="/">
          {words.home}
        </a>
      </section>
    )
  },
)
