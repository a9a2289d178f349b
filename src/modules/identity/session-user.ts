export type { CompanyRole, Role, SessionUser } from '../../shared/session-user.js'
