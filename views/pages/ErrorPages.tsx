import { page } from '../../src/render/page.js'

/** `message`: what is missing, when the error says it (a client deleted while the firm sent a file); none, an address that names nothing. */
export const NotFoundPage = page<{ message?: string }>({ title: 'Page non trouvée', description: "Cette page n'existe pas." }, function NotFoundPage({ message }) {
  return (
    <section className="error-page">
      <h1>404</h1>
      <h2>Page non trouvée</h2>
      <p>{message ?? "Désolé, la page que vous recherchez n'existe pas."}</p>
      <a className="button" href="/">
        Allez à l'accueil
      </a>
    </section>
  )
})

export const ErrorPage = page<{ status: number; message: string }>(
  { title: 'Erreur', description: 'Une erreur est survenue.' },
  function ErrorPage({ status, message }) {
    return (
      <section className="error-page">
        <h1>{status}</h1>
        <h2>Une erreur est survenue</h2>
        <p>{message}</p>
        <a className="button" href="/">
          Allez à l'accueil
        </a>
      </section>
    )
  },
)
