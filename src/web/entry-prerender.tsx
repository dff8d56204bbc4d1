/**
 * The app as the build prerenders it (scripts/prerender.ts runs this through Vite's SSR build):
 * one public page in one language, rendered to HTML with react-dom/static, which waits for lazy
 * screens and texts the way a browser would. The browser then hydrates the same tree (main.tsx).
 */
import i18n from 'i18next'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import { providePublicConfig } from './lib/public-config.ts'
import { AppRoutes } from './router.tsx'

type Texts = Record<string, Record<string, unknown>>
const files = import.meta.glob<Record<string, unknown>>('../shared/locales/*/*.json', {
  eager: true,
  import: 'default',
})
const resources: Record<string, Texts> = {}
for (const [path, texts] of Object.entries(files)) {
  const [, language = '', namespace = ''] = path.match(/locales\/(\w+)\/(\w+)\.json$/) ?? []
  resources[language] = { ...resources[language], [namespace]: texts }
}

await i18n.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  ns: ['common', 'landing', 'privacy'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/**
 * The texts a prerendered page hydrates with, as i18next resources, so the browser starts without
 * fetching them: the page's language only (the browser has no fallback language, lib/i18n.ts).
 */
export function bundledTexts(language: Language, namespaces: readonly string[]) {
  return {
    [language]: Object.fromEntries(
      namespaces.map((namespace) => [namespace, resources[language]?.[namespace]]),
    ),
  }
}

/** A translated text for the page's head (title, description, share texts). */
export function translate(
  language: Language,
  key: string,
  options?: Record<string, unknown>,
): string {
  return (i18n.getFixedT(language) as unknown as (k: string, o?: object) => string)(
    key,
    options ?? {},
  )
}

/** The HTML inside #root for `path` in `language`. Pages render one after another: i18n is shared. */
export async function renderPage(
  path: string,
  language: Language,
  config: PublicConfig,
): Promise<string> {
  providePublicConfig(config)
  await i18n.changeLanguage(language)
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch="">
        <AppRoutes />
      </Router>
    </StrictMode>,
    // Whole boundaries inline: React would otherwise move large ones to the end of the document
    // with an inline script to put them in place, which our content security policy forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  return new Response(prelude).text()
}
