import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#shared/public-config.ts'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { isScreenPath, isSignInCallback } from '#shared/site-paths.ts'
import type { AppEnv } from '../http/app-env.ts'
import { doorTitle, pageLanguage } from '../i18n.ts'
import { fillConfigPlaceholders, fillLaunchTexts } from './config-placeholders.ts'
import { newsletterAnswerPage, type NewsletterAnswer } from './newsletter-answer-page.ts'
import { pageHead } from './page-head.ts'
import {
  INLINE_SCRIPTS_FILE,
  PAGES_DIR,
  PUBLIC_PAGES,
  manifestPath,
  pageUrl,
  pageVariantFor,
  type InlineScripts,
  type PrerenderedPage,
  type PublicPageId,
} from './public-pages.ts'

const CONFIG_PLACEHOLDER = '<!--app-config-->'
const HEAD_PLACEHOLDER = '<!--page-head-->'

/** Fills the built index.html with the page language and the public configuration. */
export function renderIndexHtml(
  template: string,
  language: Language,
  config: PublicConfig,
): string {
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/\/manifest\.\w+\.webmanifest/, manifestPath(language))
      // A function: the owner's texts may hold `$'` or `$&`, which a replacement string expands.
      .replace(
        CONFIG_PLACEHOLDER,
        () => `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
      )
  )
}

/**
 * Files found on disk: Vite's hashed /assets for a year, the rest for an hour. Set after the
 * response exists, because serveStatic's onFound runs too late to add headers.
 */
const cacheHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (c.res.status !== 200 || c.res.headers.has('cache-control')) return
  const immutable = c.req.path.startsWith('/assets/')
  c.res.headers.set(
    'Cache-Control',
    immutable
      ? 'public, max-age=31536000, immutable'
      : // The door's service worker: a new build's worker is found at the next visit.
        c.req.path === DOOR_WORKER_PATH
        ? 'no-cache'
        : 'public, max-age=3600',
  )
}

/** The door's service worker (public/door-sw.js), registered per event with the door's scope. */
export const DOOR_WORKER_PATH = '/door-sw.js'

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The door screen's own web app manifest (`/door.webmanifest?event=<id>&lang=<language>`): the
 * site's manifest in that language, named for the door and started at, and scoped to, that
 * event's door, so that a door helper can put the door on her home screen and open it without
 * the network. It names no event: it needs no sign-in and tells nobody anything.
 */
export function doorManifest(siteManifest: string, eventId: string, title: string): string {
  const door = `/admin/events/${eventId.toLowerCase()}/door`
  const manifest = JSON.parse(siteManifest) as Record<string, unknown>
  return `${JSON.stringify({
    ...manifest,
    name: `${title} – ${String(manifest.short_name)}`,
    short_name: title,
    description: undefined,
    id: door,
    start_url: door,
    scope: door,
  })}\n`
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * One HTML document, final from the server's start: its bytes, a validator, and brotli and gzip
 * copies made when first asked for (a site has some forty pages in four languages; compressing
 * them all at maximum quality at every start cost seconds of CPU on a small machine).
 */
class HtmlDocument {
  readonly body: Buffer
  readonly etag: string
  #compressed: Promise<{ br: Buffer; gzip: Buffer }> | undefined

  constructor(html: string) {
    this.body = Buffer.from(html)
    // Weak: the brotli, gzip and plain bytes are the same document.
    this.etag = `W/"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`
  }

  get compressed(): Promise<{ br: Buffer; gzip: Buffer }> {
    this.#compressed ??= Promise.all([
      brotli(this.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
        },
      }),
      gzipAsync(this.body, { level: 9 }),
    ]).then(([br, gzip]) => ({ br, gzip }))
    return this.#compressed
  }

  /** Answers with the best encoding the client accepts, or 304 when its copy is still current. */
  async respond(c: Context<AppEnv>, status: 200 | 404 = 200): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      // Always revalidated: a new build or a changed language must show at once.
      'Cache-Control': 'no-cache',
      ETag: this.etag,
      // The page's language may come from the lang cookie.
      Vary: 'Accept-Encoding, Cookie',
    }
    const cached = c.req.header('if-none-match')
    if (status === 200 && cached?.split(',').some((tag) => tag.trim() === this.etag))
      return c.body(null, 304, headers)
    const accepted = acceptedEncodings(c.req.header('accept-encoding'))
    if (accepted.has('br') || accepted.has('gzip')) {
      const copies = await this.compressed
      const encoding = accepted.has('br') ? 'br' : 'gzip'
      return c.body(new Uint8Array(copies[encoding]), status, {
        ...headers,
        'Content-Encoding': encoding,
      })
    }
    return c.body(new Uint8Array(this.body), status, headers)
  }
}

/** Encodings an Accept-Encoding header allows (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}

/** Makes a value the first time it is asked for, and hands out the same one after that. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

/**
 * The prerendered pages of a build, filled in for this server (PUBLIC_URL, public config). The
 * files are read at once, with the build's inline-script digests, so that a page and its
 * policy come from one build; each page is filled when first asked for (filling all of them at
 * start was a quarter of a second of the start-up, decision 60).
 */
function loadPrerenderedPages(
  distDir: string,
  config: PublicConfig,
  origin: string,
): Map<string, () => HtmlDocument> | null {
  const indexPath = join(distDir, PAGES_DIR, 'pages.json')
  if (!existsSync(indexPath)) return null
  const pages = JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderedPage[]
  const documents = new Map<string, () => HtmlDocument>()
  for (const page of pages) {
    // A page rendered each way (Google sign-in, the app's store pages): the one for this site.
    const definition = PUBLIC_PAGES.find((candidate) => candidate.id === page.id)
    if (!definition) continue
    if ((page.on ?? []).join() !== pageVariantFor(definition, config).join()) continue
    // Kept as the file's bytes until the page is first asked for: as a string each page took
    // twice its size (its Hungarian letters make it UTF-16), 7 MB of the idle memory (decision 96).
    // Let go once the page is filled: the filled page is what is kept then.
    let built: Buffer | undefined = readFileSync(join(distDir, PAGES_DIR, page.file))
    documents.set(
      `${page.id}.${page.language}`,
      once(() => {
        // Its head's launch sentences for the current setting, in its language.
        const launch = (text: string) => fillLaunchTexts(text, config, page.language)
        const head = pageHead(
          {
            ...page,
            title: launch(page.title),
            description: launch(page.description),
            siteDescription: launch(page.siteDescription),
          },
          origin,
          config,
        )
        const html = fillConfigPlaceholders(String(built), config, page.language)
        const document = new HtmlDocument(
          renderIndexHtml(html, page.language, config).replace(HEAD_PLACEHOLDER, () => head),
        )
        built = undefined
        return document
      }),
    )
  }
  return documents
}

/**
 * The build's inline scripts as a content security policy allows them ('sha256-…'): none
 * without prerendered pages.
 */
function inlineScriptSources(distDir: string): string[] {
  const file = join(distDir, PAGES_DIR, INLINE_SCRIPTS_FILE)
  if (!existsSync(file)) return []
  const { sha256 } = JSON.parse(readFileSync(file, 'utf8')) as InlineScripts
  return sha256.map((digest) => `'sha256-${digest}'`)
}

/** /robots.txt: the public site is open to crawlers; the admin area, the API and screens are not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /klikkscreen',
    'Disallow: /screen',
    'Disallow: /dev/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** /sitemap.xml: every public page in every language, each naming its other-language versions. */
export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.flatMap((page) =>
    !page.inSitemap || page.canonicalPath === null ? [] : [page.canonicalPath],
  ).flatMap((canonicalPath) =>
    LANGUAGE_CODES.map((language) => {
      const alternates = [...LANGUAGE_CODES, 'x-default' as const].map((hreflang) => {
        const href = pageUrl(origin, canonicalPath, hreflang === 'x-default' ? 'hu' : hreflang)
        return `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`
      })
      return [
        '  <url>',
        `    <loc>${escapeXml(pageUrl(origin, canonicalPath, language))}</loc>`,
        ...alternates,
        '  </url>',
      ].join('\n')
    }),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * Serves the built React app: the public pages prerendered in the visitor's language, hashed
 * assets for a year, everything else for an hour, precompressed copies where the client takes
 * them, and index.html for every other client route. `scriptSources`: what the content security
 * policy must allow for the pages as served now (their inline boot script, by its hash), read
 * with them, so a page and its policy never come from two builds.
 */
export function appRoutes(
  distDir: string,
  currentConfig: () => PublicConfig,
  origin: string,
): {
  routes: Hono<AppEnv>
  scriptSources: () => string[]
  /** The page that answers the landing page's plain newsletter form (newsletter-form.routes.ts). */
  newsletterAnswer: ((answer: NewsletterAnswer) => string) | null
} {
  const app = new Hono<AppEnv>()
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) {
    return {
      routes: app.get('*', (c) =>
        c.text('The web app has not been built. Run `npm run build` (or `npm start`).', 503),
      ),
      scriptSources: () => [],
      newsletterAnswer: null,
    }
  }
  const template = readFileSync(indexPath, 'utf8')
  /**
   * The pages as filled in for the current settings; filled again when they change (the owner
   * saved, here or on another process) or the footer's year turns. The settings hand out the
   * same object until then, so the check is one comparison.
   */
  let filled: {
    config: PublicConfig
    index: Map<Language, () => HtmlDocument>
    prerendered: Map<string, () => HtmlDocument> | null
    scriptSources: string[]
  } | null = null
  const documents = () => {
    const config = currentConfig()
    if (filled?.config === config) return filled
    filled = {
      config,
      index: new Map(
        LANGUAGE_CODES.map((language) => [
          language,
          once(() => new HtmlDocument(renderIndexHtml(template, language, config))),
        ]),
      ),
      prerendered: loadPrerenderedPages(distDir, config, origin),
      scriptSources: inlineScriptSources(distDir),
    }
    return filled
  }
  documents()
  const pageIdByPath = new Map<string, PublicPageId>(
    PUBLIC_PAGES.flatMap((page) => page.paths.map((path: string) => [path, page.id] as const)),
  )
  const robots = robotsTxt(origin)
  const sitemap = sitemapXml(origin)

  app.get('/robots.txt', (c) => c.text(robots, 200, { 'Cache-Control': 'public, max-age=3600' }))
  app.get('/sitemap.xml', (c) =>
    c.body(sitemap, 200, {
      'Content-Type': 'application/xml; charset=UTF-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  )
  app.get('/door.webmanifest', (c) => {
    const eventId = c.req.query('event') ?? ''
    const language = pageLanguage(c)
    const file = join(distDir, manifestPath(language))
    if (!EVENT_ID.test(eventId) || !existsSync(file)) return c.notFound()
    return c.body(doorManifest(readFileSync(file, 'utf8'), eventId, doorTitle(language)), 200, {
      'Content-Type': 'application/manifest+json; charset=UTF-8',
      'Cache-Control': 'public, max-age=3600',
    })
  })
  app.use('*', cacheHeaders)
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      // Pages and index.html are rendered per request below, never served raw.
      rewriteRequestPath: (path) =>
        path === '/' || path === '/index.html' || path.startsWith(`/${PAGES_DIR}/`)
          ? '/__none__'
          : path,
    }),
  )
  app.get('*', (c) => {
    const language = pageLanguage(c)
    const path = c.req.path
    // An address the app has no screen for, unless a sign-in link brought it (SPEC: any other
    // path is the sign-in callback): "page not found", with the status that says so.
    const unknown = !isScreenPath(path) && !isSignInCallback(new URL(c.req.url).search)
    const pageId = unknown ? 'not-found' : pageIdByPath.get(path)
    const { prerendered, index } = documents()
    const page = pageId ? prerendered?.get(`${pageId}.${language}`) : undefined
    const document = (page ?? index.get(language))?.()
    if (!document) throw new Error(`No index.html for ${language}`)
    return document.respond(c, unknown ? 404 : 200)
  })
  return {
    routes: app,
    scriptSources: () => documents().scriptSources,
    newsletterAnswer: (answer) =>
      newsletterAnswerPage(renderIndexHtml(template, answer.language, currentConfig()), answer),
  }
}
