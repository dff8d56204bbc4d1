import { hc } from 'hono/client'
import type { AppType } from '../../server/app.ts'

/** The typed client for our own API: routes and response shapes come from the server's code. */
export const api = hc<AppType>('/api')
export type ApiClient = typeof api
