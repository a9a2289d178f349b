import { EXPORTS_PER_DAY, privacyWords } from '../../../src/modules/privacy/index.js'
import { useWords } from '../../runtime/words.js'

/** The profile's « Mes données personnelles » (contract §12): one link, the export's ZIP; the notice beside it. */
export function PersonalDataSection() {
  const words = useWords(privacyWords)
  return (
    <section className="profile-section" aria-labelledby="profile-personal-data-title">
      <h2 id="profile-personal-data-title" className="profile-section-title">
        {words.exportTitle}
      </h2>
      <p>
        {words.exportHint} {words.exportLimit(EXPORTS_PER_DAY)}
      </p>
      <p>
        <a className="button button-primary" href="/api/users/export" download data-testid="personal-export">
          {words.exportButton}
        </a>
      </p>
    </section>
  )
}
