import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/public-config.ts'
import type { Language } from '../../shared/languages.ts'
import type { AppEnv } from '../http/app-env.ts'
import { pageLanguage } from '../i18n.ts'

const CONFIG_PLACEHOLDER = '<!--app-config-->'

/** Fills the built index.html with the page language and the public configuration. */
export function renderIndexHtml(
  template: string,
  language: Language,
  config: PublicConfig,
): string {
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(
      CONFIG_PLACEHOLDER,
      `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
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
    immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  )
}

/** Serves the built React app: hashed assets for a year, everything else for an hour, client routes get index.html. */
export function appRoutes(distDir: string, config: PublicConfig) {
  const app = new Hono<AppEnv>()
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) {
    return app.get('*', (c) =>
      c.text('The web app has not been built. Run `npm run build` (or `npm start`).', 503),
    )
  }
  const template = readFileSync(indexPath, 'utf8')

  app.use('*', cacheHeaders)
  app.use(
    '*',
    serveStatic({
      root: distDir,
      // index.html is rendered per request below, never served raw.
      rewriteRequestPath: (path) => (path === '/' || path === '/index.html' ? '/__none__' : path),
    }),
  )
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(renderIndexHtml(template, pageLanguage(c), config))
  })
  return app
}
