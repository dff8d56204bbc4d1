/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google: API tests start it
 * in-process, the browser tests as a process on a fixed port (e2e/support/oidc-server.ts). Any
 * login signs in; the claims look like Google's. `idTokenFor` walks the authorization code flow
 * over HTTP, as native Google Sign-In does on a phone, and returns the ID token it ends with.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

const REDIRECT_URI = 'http://127.0.0.1/native-callback'

export interface OidcTestClient {
  id: string
  secret: string
  /** Where the provider may send the code; the native flow's loopback address if not given. */
  redirectUri?: string
}

export async function startOidcProvider(
  clients: OidcTestClient[],
  {
    port = 0,
    middleware,
    people = {},
  }: {
    /** A fixed port (the browser tests'); a free one if not given. */
    port?: number
    /** Name claims by login, for logins that are not "Google Tester". */
    people?: Record<string, { name?: string; given_name?: string; family_name?: string }>
    /** Runs before the provider's own routes (a browser test's look at the requests). */
    middleware?: Parameters<Provider['use']>[0]
  } = {},
) {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: clients.map(({ id, secret, redirectUri = REDIRECT_URI }) => ({
      client_id: id,
      client_secret: secret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@example.com`,
            email_verified: true,
            ...(people[id] ?? {
              name: 'Google Tester',
              given_name: 'Google',
              family_name: 'Tester',
            }),
          }
        },
      }
    },
    cookies: { keys: ['lendulet-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // Google's ID tokens carry the e-mail and name themselves (not only the userinfo endpoint).
    conformIdTokenClaims: false,
  })
  // Koa composes the middleware when the handler is made, so this comes first.
  if (middleware) provider.use(middleware)
  server.on('request', provider.callback())

  /** The provider's answer to one step of the flow, keeping its cookies; redirects are not followed. */
  async function step(url: string, cookies: Map<string, string>, form?: Record<string, string>) {
    const response = await fetch(new URL(url, issuer), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    await response.body?.cancel()
    return response.headers.get('location')
  }

  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    /** An ID token for `login`, issued to `clientId` (its audience), with `nonce` if given. */
    async idTokenFor(login: string, { clientId, nonce }: { clientId: string; nonce?: string }) {
      const client = clients.find((c) => c.id === clientId)
      if (!client) throw new Error(`unknown client ${clientId}`)
      const cookies = new Map<string, string>()
      const authorize = new URL('/auth', issuer)
      authorize.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: REDIRECT_URI,
        ...(nonce ? { nonce } : {}),
      }).toString()
      let location = await step(authorize.toString(), cookies)
      // Login, then consent, each an interaction page the provider sends the browser to.
      for (let hops = 0; location && !location.startsWith(REDIRECT_URI) && hops < 10; hops++) {
        if (/\/interaction\/[^/]+$/.test(location)) {
          const prompt = hops === 0 ? 'login' : 'consent'
          const form: Record<string, string> =
            prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt }
          location = await step(location, cookies, form)
        } else location = await step(location, cookies)
      }
      const code = location && new URL(location).searchParams.get('code')
      if (!code) throw new Error(`the provider did not hand out a code (ended at ${location})`)
      const token = await fetch(new URL('/token', issuer), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          client_id: client.id,
          client_secret: client.secret,
        }),
      })
      const { id_token } = (await token.json()) as { id_token?: string }
      if (!id_token) throw new Error(`no ID token (${token.status})`)
      return id_token
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
