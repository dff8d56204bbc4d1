import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { LANGUAGE_CODES } from '#shared/languages.ts'
import { launchPlaceholder } from '#shared/launch.ts'
import { CONFIG_PLACEHOLDERS } from '../web/config-placeholders.ts'
import {
  INLINE_SCRIPTS_FILE,
  PUBLIC_PAGES,
  pageFileName,
  pageVariants,
  type InlineScripts,
  type PrerenderedPage,
} from '../web/public-pages.ts'

/** The boot script a fake page runs inline, as the build's pages do. */
export const FAKE_BOOT_SCRIPT = 'document.documentElement.dataset.booted = ""'

/** A build as scripts/prerender.ts leaves it, with tiny pages that say who they are. */
export function fakeBuild(distDir: string, bootScript = FAKE_BOOT_SCRIPT) {
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html lang="hu"><head><link rel="manifest" href="/manifest.hu.webmanifest" /><!--app-config--></head><body><div id="root"></div></body></html>',
  )
  mkdirSync(join(distDir, 'pages'), { recursive: true })
  mkdirSync(join(distDir, 'assets'), { recursive: true })
  const pages: PrerenderedPage[] = []
  for (const page of PUBLIC_PAGES) {
    for (const language of LANGUAGE_CODES) {
      for (const on of pageVariants(page)) {
        const file = pageFileName(page.id, language, on)
        // Each way it is rendered says so: landing.hu.appStore, login.en.googleSignIn.
        const way = on.map((name) => `.${name}`).join('')
        const badges = [
          on.includes('appStore') &&
            `<a class="app-store" href="${CONFIG_PLACEHOLDERS.appStoreUrl}">App Store</a>`,
          on.includes('googlePlay') &&
            `<a class="google-play" href="${CONFIG_PLACEHOLDERS.googlePlayUrl}">Google Play</a>`,
        ]
          .filter(Boolean)
          .join('')
        writeFileSync(
          join(distDir, 'pages', file),
          `<!doctype html><html lang="${language}"><head><link rel="manifest" href="/manifest.${language}.webmanifest" /><!--page-head--><!--app-config--></head><body><div id="root"><main data-page="${page.id}.${language}${way}"><a href="${CONFIG_PLACEHOLDERS.instagramUrl}">ig</a><a href="mailto:${CONFIG_PLACEHOLDERS.contactEmail}">${CONFIG_PLACEHOLDERS.contactEmail}</a><p class="launch">${launchPlaceholder('badge')}</p><p class="lead">${launchPlaceholder('lead')}</p>${badges}<p class="rights">© ${CONFIG_PLACEHOLDERS.footerYear}</p>${'<p>Erő, ami igazán a tiéd</p>'.repeat(100)}</main></div><script>${bootScript}</script></body></html>`,
        )
        pages.push({
          id: page.id,
          language,
          file,
          ...('dependsOn' in page && { on }),
          // The landing page's title names the launch, as the build writes it: a placeholder.
          title:
            page.id === 'landing'
              ? `Title <${page.id}> ${language} · ${launchPlaceholder('title')}`
              : `Title <${page.id}> ${language}`,
          description: `Description "${language}"`,
          siteName: 'Lendület',
          siteDescription: `About us in ${language}`,
          shareImage: {
            path: `/share/lendulet-${language}.png`,
            width: 1200,
            height: 630,
            alt: `Share ${language}`,
          },
          manifest: `/manifest.${language}.webmanifest`,
        })
      }
    }
  }
  writeFileSync(join(distDir, 'pages', 'pages.json'), JSON.stringify(pages))
  const inlineScripts: InlineScripts = {
    sha256: [createHash('sha256').update(bootScript).digest('base64')],
  }
  writeFileSync(join(distDir, 'pages', INLINE_SCRIPTS_FILE), JSON.stringify(inlineScripts))
  const script = 'console.log("hello from a hashed asset");'.repeat(50)
  writeFileSync(join(distDir, 'assets', 'main-abc123.js'), script)
  writeFileSync(join(distDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script))
  writeFileSync(
    join(distDir, 'manifest.en.webmanifest'),
    JSON.stringify({ name: 'Lendület', lang: 'en', icons: [] }),
  )
}
