import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Hono, type Context } from 'hono'
import type { Auth } from '../auth/auth.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { buildApiDocument, type ApiDocument } from './api-document.ts'

// The reference page: Scalar's self-contained browser bundle, served from our own origin so the
// page keeps the site's CSP (scripts from 'self' only, no inline script, no font CDN).
const SCALAR_BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
  'standalone.js',
)

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Lendület API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`

// Scalar's hosted extras (AI chat, MCP, its toolbar, its fonts and telemetry) reach other sites,
// which the CSP refuses anyway: off.
const START = `Scalar.createApiReference('#app', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  metaData: { title: 'Lendület API' },
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
})
`

// Scalar's bundle carries Zod, which probes for eval on first use; the CSP refuses it, and the
// browser reports the refusal. Set before the bundle runs, this makes Zod skip the probe (as the
// site's own build does: vite.config.ts).
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig = { jitless: true };\n'

interface Asset {
  etag: string
  plain: Buffer
  gzip: Buffer
  br: Buffer
}

/** Compressed once, on first use (4 MB of script: 1 MB gzipped). */
function asset(read: () => Buffer): () => Asset {
  let cached: Asset | undefined
  return () => {
    if (cached) return cached
    const plain = read()
    cached = {
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 16)}"`,
      plain,
      gzip: gzipSync(plain, { level: 9 }),
      br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    }
    return cached
  }
}

function serve(c: Context<AppEnv>, file: Asset, type: string) {
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=3600',
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  }
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers)
  const accepted = c.req.header('accept-encoding') ?? ''
  if (/\bbr\b/.test(accepted))
    return c.body(new Uint8Array(file.br), 200, { ...headers, 'Content-Encoding': 'br' })
  if (/\bgzip\b/.test(accepted))
    return c.body(new Uint8Array(file.gzip), 200, { ...headers, 'Content-Encoding': 'gzip' })
  return c.body(new Uint8Array(file.plain), 200, headers)
}

/**
 * GET /api/openapi.json (the document, built once from the running routes) and /api/docs (the
 * reference page). `attach(api)` hands over the finished /api app once it is built, since these
 * routes are part of it.
 */
export function apiDocsRoutes(auth: Auth) {
  let api: Hono<never, never, never> | undefined
  let document: Promise<ApiDocument> | undefined
  const scalar = asset(() =>
    Buffer.concat([Buffer.from(ZOD_WITHOUT_EVAL), readFileSync(SCALAR_BUNDLE)]),
  )
  const start = asset(() => Buffer.from(START))

  const routes = new Hono<AppEnv>()
    .get(
      '/openapi.json',
      documented({
        summary: 'This document',
        description:
          'The OpenAPI 3.1 description of every route. `npm run api:types` turns it into TypeScript types.',
        tag: API_TAGS.reference,
        access: 'public',
        responses: {
          200: { description: 'The OpenAPI document.', media: 'application/json', schema: {} },
        },
      }),
      async (c) => {
        if (!api) throw new Error('apiDocsRoutes: attach(api) was not called')
        document ??= buildApiDocument(api, auth)
        c.header('Cache-Control', 'no-cache')
        return c.json(await document)
      },
    )
    .get(
      '/docs',
      documented({
        summary: 'The reference page',
        description: 'This document, readable and with "try it", in a browser.',
        tag: API_TAGS.reference,
        access: 'public',
        responses: { 200: { description: 'An HTML page.', media: 'text/html' } },
      }),
      (c) => c.html(PAGE),
    )
    .get(
      '/docs/:script{scalar\\.js|start\\.js}',
      documented({
        summary: "The reference page's scripts",
        tag: API_TAGS.reference,
        access: 'public',
        responses: { 200: { description: 'JavaScript.', media: 'text/javascript' } },
        errors: [404],
      }),
      (c) =>
        serve(
          c,
          c.req.param('script') === 'scalar.js' ? scalar() : start(),
          'text/javascript; charset=utf-8',
        ),
    )
  return {
    routes,
    attach(built: Hono<never, never, never>) {
      api = built
    },
  }
}
