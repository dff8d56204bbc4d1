/**
 * The test OpenID provider (src/server/test/oidc-provider.ts), standing in for Google in the
 * browser tests, as a process on a fixed port. It records the last authorization request's
 * parameters at /__last-authorization, so tests can check what the site asked "Google" for
 * (offline access, account selection).
 */
import { startOidcProvider } from '#server/test/oidc-provider.ts'

const port = Number(process.env.E2E_OIDC_PORT ?? 2527)
const siteOrigin = process.env.E2E_GOOGLE_SITE ?? 'http://127.0.0.1:4174'

let lastAuthorization: Record<string, string> = {}

await startOidcProvider(
  [
    {
      id: 'lendulet-e2e',
      secret: 'lendulet-e2e-secret',
      redirectUri: `${siteOrigin}/api/auth/callback/google`,
    },
  ],
  {
    port,
    async middleware(ctx, next) {
      if (ctx.path === '/__last-authorization') {
        ctx.body = lastAuthorization
        return
      }
      if (ctx.path === '/auth') {
        lastAuthorization = Object.fromEntries(
          Object.entries(ctx.query).map(([k, v]) => [k, String(v)]),
        )
        // Google shows its account chooser for prompt=select_account; this provider knows no
        // such prompt, so it is dropped here after being recorded.
        const params = new URLSearchParams(ctx.querystring)
        const prompts = (params.get('prompt') ?? '')
          .split(' ')
          .filter((p) => p && p !== 'select_account')
        if (prompts.length > 0) params.set('prompt', prompts.join(' '))
        else params.delete('prompt')
        ctx.querystring = params.toString()
      }
      await next()
    },
  },
)
