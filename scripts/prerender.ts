/**
 * The build's last step (vite.config.ts runs it after the client and SSR builds): the public pages
 * as finished HTML, one file per language, in dist/pages/, with what they need to arrive fast and
 * to be shared well; then every text file in dist/ precompressed.
 *
 * - dist/pages/<page>.<lang>.html: the client's index.html with the page rendered into #root, its
 *   stylesheet and boot script inlined (neither is a request before the first paint), its fonts
 *   (but for the pages that preload them) and app started only once it is on screen (see
 *   src/web/boot.ts and styles.css), and a `<!--page-head-->` mark where the server writes the
 *   tags that need PUBLIC_URL.
 * - dist/pages/pages.json: title, description and share image of each, for that head.
 * - dist/pages/inline-scripts.json: the SHA-256 of the boot script, which the server's content
 *   security policy allows by that hash (and no other inline script).
 * - dist/share/lendulet-<lang>.png, dist/icons/*, dist/manifest.<lang>.webmanifest.
 * - <file>.br and <file>.gz beside every compressible file (serve-app.ts serves the best one).
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { minify, transformWithOxc } from 'vite'
import { LANGUAGE_CODES, type Language } from '../src/shared/languages.ts'
import { LAUNCH_TEXTS, launchPlaceholder, type LaunchTextId } from '../src/shared/launch.ts'
import { CONFIG_PLACEHOLDERS } from '../src/server/web/config-placeholders.ts'
import {
  INLINE_SCRIPTS_FILE,
  PAGES_DIR,
  PUBLIC_PAGES,
  SHARE_IMAGE_SIZE,
  manifestPath,
  pageFileName,
  pageVariants,
  renderPath,
  shareImagePath,
  type InlineScripts,
  type PrerenderedPage,
} from '../src/server/web/public-pages.ts'
import { buildIcons, buildShareImage, webManifest } from './share-images.ts'
import { precompressDirectory } from './precompress.ts'

type PrerenderModule = typeof import('../src/web/entry-prerender.tsx')

/**
 * Without JavaScript, nothing would ever swap the carousel's slides or fill the newsletter's
 * place: show the cards as a grid at every width and hide what only scripts bring to life.
 */
const NO_SCRIPT_STYLE =
  '<noscript><style>[data-js-only]{display:none!important}[data-cards-grid]{display:grid!important}</style></noscript>'

export async function prerenderSite({ distDir, entry }: { distDir: string; entry: string }) {
  const app = (await import(pathToFileURL(entry).href)) as PrerenderModule
  const template = readFileSync(join(distDir, 'index.html'), 'utf8')
  const assets = readdirSync(join(distDir, 'assets'))
  const asset = (pattern: RegExp) => {
    const name = assets.find((file) => pattern.test(file))
    if (!name) throw new Error(`prerender: no asset matches ${pattern}`)
    return `/assets/${name}`
  }

  // The one stylesheet, inlined: see docs/decisions/0020-prerendered-public-pages.md for its size,
  // and decision 46 for why not only the part a page uses.
  const stylesheet = template.match(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/)
  if (!stylesheet?.[1]) throw new Error('prerender: index.html has no stylesheet')
  const css = readFileSync(join(distDir, stylesheet[1]), 'utf8')

  const boot = await bootScript()
  const islands = await islandsScript(distDir)

  const pagesDir = join(distDir, PAGES_DIR)
  rmSync(pagesDir, { recursive: true, force: true })
  mkdirSync(pagesDir, { recursive: true })
  const index: PrerenderedPage[] = []

  const launchTextIds = new Map(
    Object.entries(LAUNCH_TEXTS).map(([id, key]) => [key as string, id as LaunchTextId]),
  )

  for (const language of LANGUAGE_CODES) {
    const t = (key: string, options?: Record<string, unknown>) =>
      app.translate(language, key, options)

    for (const page of PUBLIC_PAGES) {
      for (const on of pageVariants(page)) {
        const rendered = await app.renderPage(renderPath(page), language, {
          ...CONFIG_PLACEHOLDERS,
          googleSignIn: on.includes('googleSignIn'),
          appStoreUrl: on.includes('appStore') ? CONFIG_PLACEHOLDERS.appStoreUrl : '',
          googlePlayUrl: on.includes('googlePlay') ? CONFIG_PLACEHOLDERS.googlePlayUrl : '',
        })
        // React puts preloads of the page's high-priority images first; they belong in the head.
        const hoisted = rendered.match(/^(?:<link [^>]*\/>)*/)?.[0] ?? ''
        const body = rendered.slice(hoisted.length)
        // The texts it hydrates with (lib/i18n.ts reads them), so the app need not fetch them
        // first. JSON, which no browser runs: the content security policy allows it.
        const texts = JSON.stringify(app.bundledTexts(language, page.namespaces)).replace(
          /</g,
          '\\u003c',
        )
        // What the islands need besides (islands/texts.ts): the newsletter form's texts, which
        // the app would load with its code. Only these: the namespace holds the admin's too.
        const islandTexts =
          'islands' in page
            ? `<script id="island-texts" type="application/json">${JSON.stringify({
                newsletter: pick(app.bundledTexts(language, ['newsletter'])[language]?.newsletter, [
                  'form',
                  'nameRequired',
                  'invalidEmail',
                  'subscriptionFailed',
                  'unsubscribeFailed',
                ]),
              }).replace(/</g, '\\u003c')}</script>`
            : ''
        const fontsWithThePage = 'fontsWithThePage' in page
        const preloads = fontsWithThePage
          ? fontFiles(language, asset)
              .map(
                (href) =>
                  `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
              )
              .join('')
          : ''
        const html = composePage(template, {
          language,
          body,
          css,
          stylesheetTag: stylesheet[0],
          headStart: `${preloads}${hoisted}${NO_SCRIPT_STYLE}<script id="app-texts" type="application/json">${texts}</script>${islandTexts}`,
          bootScript: boot,
          fontsAfterPaint: !fontsWithThePage,
          appAfterLoad: 'worksWithoutTheApp' in page || 'islands' in page,
          islands: 'islands' in page ? islands : undefined,
          appAtReach: 'appAtReach' in page,
        })
        const file = pageFileName(page.id, language, on)
        writeFileSync(join(pagesDir, file), html)
        const brand = t('common:brand.name')
        // A sentence that names the launch: the server writes it for the current setting. The
        // sign-in page's introduction names Google where it works.
        const headText = (key: string) => {
          const launchTextId = launchTextIds.get(key)
          if (launchTextId) return launchPlaceholder(launchTextId)
          return t(key, on.includes('googleSignIn') ? { context: 'google' } : undefined)
        }
        index.push({
          id: page.id,
          language,
          file,
          ...('dependsOn' in page && { on }),
          // As the screen itself names the tab (CardPage: "<title> – <brand>").
          title:
            'brandInTitle' in page.head
              ? `${headText(page.head.title)} – ${brand}`
              : headText(page.head.title),
          description: headText(page.head.description),
          siteName: brand,
          siteDescription: headText('landing:meta.description'),
          shareImage: {
            path: shareImagePath(language),
            ...SHARE_IMAGE_SIZE,
            alt: t('landing:meta.shareImageAlt'),
          },
          manifest: manifestPath(language),
        })
      }
    }

    await buildShareImage({
      file: join(distDir, shareImagePath(language)),
      heroSvg: readFileSync(new URL('../src/web/assets/landing/hero.svg', import.meta.url)),
      brand: t('common:brand.name'),
      tagline: t('common:brand.tagline'),
      // A picture cannot follow the setting: it names no date (nor does its description).
      badge: t('landing:hero.badge', { context: 'none' }),
      title: t('landing:hero.title'),
    })
    writeFileSync(
      join(distDir, manifestPath(language)),
      webManifest({
        language,
        name: `${t('common:brand.name')} – ${t('common:brand.tagline')}`,
        shortName: t('common:brand.name'),
        description: t('landing:meta.description', { context: 'none' }),
      }),
    )
  }
  writeFileSync(join(pagesDir, 'pages.json'), `${JSON.stringify(index, null, 2)}\n`)
  const inlineScripts: InlineScripts = {
    sha256: [createHash('sha256').update(boot).digest('base64')],
  }
  writeFileSync(join(pagesDir, INLINE_SCRIPTS_FILE), `${JSON.stringify(inlineScripts)}\n`)
  await buildIcons(distDir)
  await precompressDirectory(distDir)
}

/** Only `keys` of a namespace's texts. */
function pick(texts: unknown, keys: readonly string[]): Record<string, unknown> {
  const all = (texts ?? {}) as Record<string, unknown>
  return Object.fromEntries(keys.map((key) => [key, all[key]]))
}

/** src/web/boot.ts as the classic script the pages load: its types stripped, minified. */
async function bootScript(): Promise<string> {
  const file = fileURLToPath(new URL('../src/web/boot.ts', import.meta.url))
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' })
  // Statements start lines in the transformed code; `import(` (a dynamic import) is allowed.
  if (/^\s*(import(?!\()|export)\b/m.test(code))
    throw new Error('prerender: boot.ts must stay a classic script (no import or export)')
  const minified = await minify('boot.js', code)
  if (minified.errors.length > 0)
    throw new Error(`prerender: boot.ts: ${minified.errors[0]?.message}`)
  // Inlined in <script>: text that ends the element or opens a comment there must not occur.
  if (/<\/script|<!--/i.test(minified.code))
    throw new Error('prerender: boot.ts must not contain "</script" or "<!--"')
  return minified.code.trimEnd()
}

/**
 * src/web/islands/islands.ts as one minified module of its own in dist/assets/ (its name carries
 * its hash): apart from the app's chunks, so that nothing of React or i18next comes with it.
 * Returns its address.
 */
async function islandsScript(distDir: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/web/islands/islands.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    legalComments: 'none',
  })
  const code = result.outputFiles[0]?.contents
  if (!code) throw new Error('prerender: the islands built to nothing')
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8)
  const name = `islands-${hash}.js`
  writeFileSync(join(distDir, 'assets', name), code)
  return `/assets/${name}`
}

/** The font files a page preloads: latin, and in Hungarian the small subset with ő and ű. */
function fontFiles(language: Language, asset: (pattern: RegExp) => string): string[] {
  return ['fraunces', 'inter'].flatMap((family) => [
    asset(new RegExp(`^${family}-latin-wght-normal-.*\\.woff2$`)),
    ...(language === 'hu'
      ? [asset(new RegExp(`^${family}-hungarian-wght-normal-.*\\.woff2$`))]
      : []),
  ])
}

/** The client's index.html around one rendered page. */
export function composePage(
  template: string,
  parts: {
    language: Language
    body: string
    css: string
    stylesheetTag: string
    headStart: string
    /** src/web/boot.ts as built: the page's only script at first, inlined at the body's end. */
    bootScript: string
    /** Paints in the fallback fonts, and the boot script lets the web fonts in (styles.css). */
    fontsAfterPaint: boolean
    /** The page works without the app, which loads after the page (src/web/boot.ts). */
    appAfterLoad?: boolean
    /** The address of the islands module, which loads after the page instead of the app. */
    islands?: string
    /** The islands bring the app when she reaches for the page (decision 102). */
    appAtReach?: boolean
  },
): string {
  const replaceOnce = (html: string, search: string | RegExp, replacement: string) => {
    const found = typeof search === 'string' ? html.includes(search) : search.test(html)
    if (!found) throw new Error(`prerender: index.html has no ${String(search)}`)
    return html.replace(search, () => replacement)
  }
  let html = template
  html = replaceOnce(
    html,
    /<html lang="[^"]*"/,
    `<html lang="${parts.language}"${parts.fontsAfterPaint ? ' data-fonts-after-paint' : ''}`,
  )
  html = replaceOnce(
    html,
    /<meta charset="UTF-8" \/>/,
    `<meta charset="UTF-8" />${parts.headStart}`,
  )
  // The server writes title, description, canonical, alternates and share tags here.
  html = replaceOnce(html, /\s*<meta name="description"[^>]*>/, '')
  html = replaceOnce(html, /<title>[^<]*<\/title>/, '<!--page-head-->')
  html = replaceOnce(html, /manifest\.hu\.webmanifest/, manifestPath(parts.language).slice(1))
  html = replaceOnce(html, parts.stylesheetTag, `<style>${parts.css}</style>`)
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root">${parts.body}</div>`)
  // The page reads without its scripts: they start once it is on screen (src/web/boot.ts).
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)
  if (!entry?.[1]) throw new Error('prerender: index.html has no module script')
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  for (const preload of preloads) html = html.replace(preload[0], '')
  html = html.replace(entry[0], '')
  // At the body's end it runs once the page is parsed, as a deferred script would, without a
  // request of its own: one request less that a slow connection counts before the first paint.
  html = replaceOnce(
    html,
    '</body>',
    `<script data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"${parts.appAfterLoad ? ' data-after-load' : ''}${parts.islands ? ` data-islands="${parts.islands}"` : ''}${parts.appAtReach ? ' data-app-at-reach' : ''}>${parts.bootScript}</script></body>`,
  )
  return html
}
