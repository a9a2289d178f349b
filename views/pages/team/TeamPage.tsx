import { teamPageWords } from '../../../src/modules/team/member-texts.js'
import type { TeamPageProps } from '../../../src/modules/team/views.js'
import { page } from '../../../src/render/page.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'

/** /team (contract §9): the company's people; its owner invites and removes them. */
export const TeamPage = page<TeamPageProps>((_props, language) => ({ title: teamPageWords[language].title, description: teamPageWords[language].description }), function TeamPage(props) {
  const texts = useWords(teamPageWords)
  return (
    <section className="container team-page">
      <h1 className="team-title">{texts.title}</h1>
      <p className="team-lead">{texts.lead}</p>
      {/* A member's list is read-only: it hydrates only when the page ships scripts anyway. */}
      <Island name="TeamMembers" hydrate={props.isOwner ? 'load' : 'with-page'} props={props} />
    </section>
  )
})
