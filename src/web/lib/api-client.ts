import { hc } from 'hono/client'
import type { AppType } from '#server/app.ts'

/** The typed client for our own API: routes and response shapes come from the server's code. */
const API_BASE = '/api'
export const api = hc<AppType>(API_BASE)
/**
 * A typed client's `$path()` (which is relative to the client's base) as an address on this
 * site, for what is not a fetch: an EventSource, a download link.
 */
export const apiPath = (path: string) => `${API_BASE}${path}`
export type ApiClient = typeof api
