import { withReturnPath } from '#shared/return-path.ts'
import { callApi, type ApiResult } from '#web/lib/call-api.ts'

/**
 * Calls one of Better Auth's standard endpoints under /api/auth (not in the typed client, so by
 * fetch). The server answers errors as { code, message } with the message already in the user's
 * language.
 */
export const authPost = (
  path: string,
  body: Record<string, unknown> = {},
): Promise<ApiResult<unknown>> =>
  callApi<unknown>(() =>
    fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )

/** GET of one of Better Auth's endpoints under /api/auth (a passkey's options, say). */
export const authGet = <T>(path: string): Promise<ApiResult<T>> =>
  callApi<T>(() => fetch(`/api/auth${path}`))

/**
 * Where Better Auth sends the browser back to (a path: it trusts only our own origin), with the
 * page to go on to after signing in, if any.
 */
export const authCallbackUrl = (type?: 'signup' | 'recovery', next?: string | null) =>
  withReturnPath(type ? `/auth/callback?type=${type}` : '/auth/callback', next)

/**
 * Starts "Continue with Google": asks the server for Google's address and goes there. Resolves
 * false (staying on the page) when the server could not start the sign-in.
 */
export async function startGoogleSignIn(
  callbackURL: string,
  errorCallbackURL = authCallbackUrl(),
  newUserCallbackURL?: string,
): Promise<boolean> {
  const result = await authPost('/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL,
    ...(newUserCallbackURL && { newUserCallbackURL }),
  })
  const url = result.ok ? (result.data as { url?: string } | null)?.url : undefined
  if (!url) return false
  window.location.assign(url)
  return true
}
