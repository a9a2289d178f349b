import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { registerAdminTwoFactorRequirement, registerPageAccess } from './access.js'
import accessTokenRoutes from './access-token-routes.js'
import authRoutes from './auth-routes.js'
import passwordRoutes from './password-routes.js'
import identityPages from './pages.js'
import identityForms from './form-routes.js'
import invitationRoutes from './invitation-routes.js'
import languageRoutes from './language-routes.js'
import profileForms from './profile-form-routes.js'
import photoRoutes from './photo/routes.js'
import sessionCookie from './session-cookie.js'
import twoFactorRoutes from './two-factor-routes.js'
import twoFactorResetForm from './two-factor-reset-routes.js'
import sessionRoutes from './session-routes.js'
import type { Identity } from './service.js'
import type { IdentityViews } from './views.js'
import { isWeakPassword } from './weak-passwords.js'
import { loggableError } from '../../logging.js'

const SWEEP_EVERY_MS = 3600_000

/** Identity's HTTP side: the session cookie, the page guards, the auth and photo routes and pages. */
export default fp(
  async function identity(app: FastifyInstance, { identity, views }: { identity: Identity; views: IdentityViews }) {
    await app.register(sessionCookie, { identity })
    registerPageAccess(app)
    registerAdminTwoFactorRequirement(app, identity)
    await app.register(authRoutes, { identity })
    await app.register(twoFactorRoutes, { identity })
    await app.register(passwordRoutes, { identity })
    await app.register(sessionRoutes, { identity })
    await app.register(accessTokenRoutes, { identity })
    await app.register(photoRoutes, { photos: identity.photos })
    await app.register(identityPages, { views, identity })
    await app.register(identityForms, { views, identity })
    await app.register(profileForms, { identity })
    await app.register(twoFactorResetForm, { identity, views })
    await app.register(invitationRoutes, { identity, views })
    await app.register(languageRoutes, { identity })
    // Expired sessions and one-time tokens go at start and then hourly (issue 9, finding 9); the timer never keeps the process alive.
    const sweep = () =>
      identity.sessions.sweep().then(
        (removed) => removed > 0 && app.log.info({ removed }, 'expired sessions and tokens swept'),
        (error: unknown) => app.log.warn({ err: loggableError(error) }, 'sweep of expired sessions and tokens failed'),
      )
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      isWeakPassword('') // builds the list once, before the first request needs it
      await identity.ensureAdmin()
      await sweep()
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref()
    })
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'identity', dependencies: ['@fastify/cookie', 'render'] },
)

// The module's public face: other modules import these, never identity's files or tables.
export { AdminPasswordRefused, createIdentity, type Identity, type IdentityDeps, type NewAccount } from './service.js'
export { adminForm, adminOnly, firmForm, firmOnly, requireAdmin, requireFirm, requireUser, userForm, userOnly } from './guards.js'
// Who may see a client (contract §9): every module's lists, counts, finds and actions ask this one policy.
export { clientIn, FIRM_SCOPE, isFirmScope, keptListOf, onlyClientOf, reaches, scopeOf, type Scope } from './scope.js'
export { sessionCookieName } from './session-cookie.js'
export type { CompanyRole, Role, SessionUser } from './session-user.js'
export type { AcceptOutcome, Accounts, AccountsWithin, CompanyPerson, IdsMatching, PersonName } from './accounts.js'
export { AccountSchema, PhotoSchema, SessionSchema, type AccountSummary } from './schemas.js'
export type { SessionView } from './service.js'
export type { AccessTokenView } from './access-tokens.js'
export { invitationTexts, type InvitationSide, type Invitations, type NewInvitation } from './invitations.js'
export { checkInvitation } from './validation.js'
export type { CalendarCompany, CompanyIdentifiersFace } from './company-identifiers.js'
export { checkCompanyIdentifiers, companyTexts, companyWords, LEGAL_FORMS, TAX_REGIMES, type CompanyIdentifiers, type LegalForm, type TaxRegime } from './company-validation.js'
/** The words of identity's forms and accounts (a form that runs its rules, as the team's invitations, says its refusals from them). */
export { accountWords as identityWords } from './words.js'
export { deleteAccountWords, sessionWords, tokenWords } from './profile-words.js'
export type { ProfilePhoto } from './photo/value.js'
// The profile (clients' page) takes the photo form's post without JavaScript through this.
export { photoFormRoute, type ShowPhotoForm } from './photo/form-routes.js'
export { registerTokenForms, type ProfileConfirmation, type ProfileShown, type ShowConfirmation, type ShowProfile } from './profile-form-routes.js'
export type { IdentityViews, LinkProps } from './views.js'
