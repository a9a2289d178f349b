/** The picture shown for an account without a profile photo (a file of public/, not the firm's content). */
export const DEFAULT_AVATAR = '/static/avatar.svg'
