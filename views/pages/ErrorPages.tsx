import { page } from '../../src/render/page.js'

export const NotFoundPage = page({ title: 'Page non trouvée', description: "Cette page n'existe pas." }, function NotFoundPage() {
  return (
    <section className="error-page">
      <h1>404</h1>
      <h2>Page non trouvée</h2>
      <p>Désolé, la page que vous recherchez n'existe pas.</p>
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
