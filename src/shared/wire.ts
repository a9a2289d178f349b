/**
 * A value as a browser may hold it: its dates are `Date` when they came as an island's props (the
 * props encoding keeps dates) and ISO text when they came from a fetched JSON answer. Islands' row
 * types are the server's types seen through this, never a copy.
 */
export type Wire<T> = T extends Date ? Date | string : T extends Array<infer U> ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T
