import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery } from '#web/lib/query-client.tsx'
import { accountKeys } from '#web/lib/query-keys.ts'
import { fetchSignInMethods } from './account-api.ts'
import { authGet } from './auth-api.ts'
import type { Passkey } from './passkey-api.ts'

// Her account page's reads by query key. A module of their own: the sign-in page uses the
// passkey and account calls, and does not load the cache.

/** Whether she has a password, and which other ways she signs in. */
export const signInMethodsQuery = () => apiQuery(accountKeys.signInMethods(), fetchSignInMethods)

/** Her signed-in devices: every browser and app with a session. */
export const devicesQuery = () =>
  apiQuery(accountKeys.devices(), () => callApi(() => api.account.sessions.$get()))

export const passkeysQuery = () =>
  apiQuery(accountKeys.passkeys(), () => authGet<Passkey[]>('/passkey/list-user-passkeys'))
