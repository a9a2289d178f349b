/** The pages the team module renders, handed to it by app.ts (src/ never imports views/). */
export interface TeamViews {}
