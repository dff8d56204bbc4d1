/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google in the browser tests.
 * Any login and password sign in; the account's claims look like Google's. The provider records
 * the last authorization request's parameters at /__last-authorization, so tests can check what
 * the site asked "Google" for (offline access, account selection).
 */
import Provider, { interactionPolicy } from 'oidc-provider'

const port = Number(process.env.E2E_OIDC_PORT ?? 2527)
const siteOrigin = process.env.E2E_GOOGLE_SITE ?? 'http://127.0.0.1:4174'
const issuer = `http://127.0.0.1:${port}`

let lastAuthorization: Record<string, string> = {}

const policy = interactionPolicy.base()
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'lendulet-e2e',
      client_secret: 'lendulet-e2e-secret',
      redirect_uris: [`${siteOrigin}/api/auth/callback/google`],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  interactions: { policy },
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
          name: 'Google Tester',
          given_name: 'Google',
          family_name: 'Tester',
        }
      },
    }
  },
  cookies: { keys: ['lendulet-e2e-cookie-key'] },
  features: { devInteractions: { enabled: true } },
})

provider.use(async (ctx, next) => {
  if (ctx.path === '/__last-authorization') {
    ctx.body = lastAuthorization
    return
  }
  if (ctx.path === '/auth') {
    lastAuthorization = Object.fromEntries(
      Object.entries(ctx.query).map(([k, v]) => [k, String(v)]),
    )
    // Google shows its account chooser for prompt=select_account; this provider knows no such
    // prompt, so it is dropped here after being recorded.
    const params = new URLSearchParams(ctx.querystring)
    const prompts = (params.get('prompt') ?? '')
      .split(' ')
      .filter((p) => p && p !== 'select_account')
    if (prompts.length > 0) params.set('prompt', prompts.join(' '))
    else params.delete('prompt')
    ctx.querystring = params.toString()
  }
  await next()
})

provider.listen(port, '127.0.0.1')
