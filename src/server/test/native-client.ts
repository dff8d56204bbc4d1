let nextAddress = 1

/**
 * A native app's client: no cookies and no Origin, a User-Agent of its own, and the session token
 * it got at sign-in in `Authorization: Bearer`. Each client comes from its own address
 * (X-Forwarded-For, for a server with TRUST_PROXY=true), as the browser clients do.
 */
export function nativeClient(
  origin: string,
  { userAgent = 'Lendulet/1.0 (iPhone; iOS 18.1)' }: { userAgent?: string } = {},
) {
  const address = `203.0.113.${nextAddress++ % 250}`
  let token: string | null = null
  async function request(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      'user-agent': userAgent,
      'x-forwarded-for': address,
      ...init.headers,
    }
    if (token) headers.authorization = `Bearer ${token}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${origin}${path}`, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: 'manual',
    })
    // Every answer that starts a session hands out its token (Better Auth's bearer plugin).
    const issued = response.headers.get('set-auth-token')
    if (issued) token = issued
    return response
  }
  return {
    address,
    request,
    get token() {
      return token
    },
    set token(value: string | null) {
      token = value
    },
    get: (path: string, headers?: Record<string, string>) => request(path, { headers }),
    post: (path: string, json: unknown = {}) => request(path, { json }),
    signIn: (email: string, password: string) =>
      request('/api/auth/sign-in/email', { json: { email, password } }),
  }
}
