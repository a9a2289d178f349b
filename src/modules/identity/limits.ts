import type { RateLimits } from '../../config.js'
import { HOUR_MS as HOUR, ipLimit, QUARTER_HOUR_MS as QUARTER } from '../../http/rate-limit.js'

/**
 * Identity's per-IP limits (contract §2), each one bucket that the JSON route and the page's form
 * posted without JavaScript (contract §8) count together: using both never doubles a limit.
 */
export function identityLimits(limits: RateLimits) {
  return {
    login: ipLimit(limits.loginPerIp, QUARTER, 'login'),
    secondStep: ipLimit(limits.loginPerIp, QUARTER, 'login-second-step'),
    register: ipLimit(limits.registerPerIp, HOUR, 'register'),
    forgot: ipLimit(limits.tokenPerIp, QUARTER, 'forgot-password'),
    resetLink: ipLimit(limits.tokenPerIp, QUARTER, 'reset-link'),
    reset: ipLimit(limits.tokenPerIp, QUARTER, 'reset-password'),
    change: ipLimit(limits.tokenPerIp, QUARTER, 'change-password'),
    verify: ipLimit(limits.tokenPerIp, QUARTER, 'verify-email'),
    invitation: ipLimit(limits.tokenPerIp, QUARTER, 'invitation'),
  }
}
