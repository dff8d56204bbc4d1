import type { ApiErrorBody } from '../../../../shared/api-error.ts'

export type AuthResult =
  { ok: true; data: unknown } | ({ ok: false; status: number } & ApiErrorBody)

/**
 * Calls one of Better Auth's standard endpoints under /api/auth. The server answers errors as
 * { code, message } with the message already in the user's language.
 */
export async function authPost(
  path: string,
  body: Record<string, unknown> = {},
): Promise<AuthResult> {
  try {
    const response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const data: unknown = await response.json().catch(() => null)
    if (response.ok) return { ok: true, data }
    const error = (data ?? {}) as Partial<ApiErrorBody>
    return {
      ok: false,
      status: response.status,
      code: error.code ?? 'AUTH_ERROR',
      message: error.message ?? '',
    }
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR', message: '' }
  }
}

export const authCallbackUrl = (type?: 'signup' | 'recovery') =>
  type ? `/auth/callback?type=${type}` : '/auth/callback'

/**
 * Starts "Continue with Google": asks the server for Google's address and goes there. Resolves
 * false (staying on the page) when the server could not start the sign-in.
 */
export async function startGoogleSignIn(callbackURL: string): Promise<boolean> {
  const result = await authPost('/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: authCallbackUrl(),
  })
  const url = result.ok ? (result.data as { url?: string } | null)?.url : undefined
  if (!url) return false
  window.location.assign(url)
  return true
}
