import { page } from '../../src/render/page.js'
import { useWords } from '../runtime/words.js'
import { errorPageWords } from '../words.js'

/** `message`: what is missing, when the error says it (a client deleted while the firm sent a file); none, an address that names nothing. */
export const NotFoundPage = page<{ message?: string }>({ title: 'Page non trouvée', description: "Cette page n'existe pas." }, function NotFoundPage({ message }) {
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
  { title: 'Erreur', description: 'Une erreur est survenue.' },
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
