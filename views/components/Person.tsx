import type { ReactNode } from 'react'

/** Who a row names: a client's name and, under it, their company (issue 17: two of one name are told apart by it). */
export interface PersonFacts {
  username: string
  entreprise?: string
}

/** The name (a link when `href` is given) with the company beneath it; both wrap rather than widen their column. */
export function Person({ person, href, label }: { person: PersonFacts; href?: string; label?: string }) {
  const name: ReactNode = href ? (
    <a href={href} aria-label={label}>
      {person.username}
    </a>
  ) : (
    person.username
  )
  return (
    <span className="person">
      <span className="person-name">{name}</span>
      {person.entreprise ? <span className="person-company">{person.entreprise}</span> : null}
    </span>
  )
}

/** The same in one line of text, for a title or an accessible name: "Amina Haddad (Transports Ezzahra)". */
export function personLabel(person: PersonFacts): string {
  return person.entreprise ? `${person.username} (${person.entreprise})` : person.username
}
