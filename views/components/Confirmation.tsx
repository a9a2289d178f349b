import type { ReactNode } from 'react'
import { When } from './When.js'
import { useWords } from '../runtime/words.js'
import { formPartsWords } from '../words.js'

/** One fact of what an action is about: a row's column, a profile's name or address. */
export interface Fact {
  label: string
  value: ReactNode | Date
  className?: string | undefined
}

/**
 * A dialog as a page (contract §8, without JavaScript), below its question: what the action is
 * about, then « {confirmLabel} » posting to `action` and « Annuler » back to where it was asked.
 */
export function Confirmation({ facts, action, confirmLabel, tone, back, className }: { facts: Fact[]; action: string; confirmLabel: string; tone: 'primary' | 'danger'; back: string; className?: string }) {
  const words = useWords(formPartsWords)
  return (
    <>
      <dl className="admin-confirm-facts">
        {facts.map((fact) => (
          <div key={fact.label} className="admin-confirm-fact">
            <dt>{fact.label}</dt>
            <dd className={fact.className}>{fact.value instanceof Date ? <When at={fact.value} /> : fact.value}</dd>
          </div>
        ))}
      </dl>
      <form className={className ? `admin-confirm-form ${className}` : 'admin-confirm-form'} method="post" action={action}>
        <button type="submit" className={tone === 'primary' ? 'button button-primary' : 'button button-danger'}>
          {confirmLabel}
        </button>
        <a className="button button-secondary" href={back}>
          {words.cancel}
        </a>
      </form>
    </>
  )
}
