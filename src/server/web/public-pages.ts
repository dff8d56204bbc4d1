import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts'

/**
 * The pages that arrive prerendered, one HTML file per language (scripts/prerender.ts writes
 * them, serve-app.ts picks one per request). Every other path gets the app's empty index.html.
 */
export const PUBLIC_PAGES = [
  // SPEC: /, /landing, /home and /welcome all show the landing page; / is its address.
  { id: 'landing', paths: ['/', '/landing', '/home'], canonicalPath: '/', inSitemap: true },
  // The same page with the welcome panel on top, for a new member: not one for search engines.
  { id: 'welcome', paths: ['/welcome'], canonicalPath: '/', inSitemap: false },
  {
    id: 'privacy-policy',
    paths: ['/privacy-policy'],
    canonicalPath: '/privacy-policy',
    inSitemap: true,
  },
] as const

export type PublicPage = (typeof PUBLIC_PAGES)[number]
export type PublicPageId = PublicPage['id']

/** Folder of dist/ with the prerendered pages and their index (pages.json). */
export const PAGES_DIR = 'pages'
export const pageFileName = (id: PublicPageId, language: Language) => `${id}.${language}.html`

/** What the build knows about one prerendered page, for the head the server writes around it. */
export interface PrerenderedPage {
  id: PublicPageId
  language: Language
  file: string
  title: string
  description: string
  /** The brand's name and the landing page's description (the organisation's, for JSON-LD). */
  siteName: string
  siteDescription: string
  shareImage: { path: string; width: number; height: number; alt: string }
  manifest: string
}

/**
 * The address of a page in a language: Hungarian, the default, at the plain path (a crawler sends
 * no cookie, so it gets Hungarian there), the others with ?lang=, which wins over any cookie.
 */
export function pageUrl(origin: string, path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? `${origin}${path}` : `${origin}${path}?lang=${language}`
}

/** Share images, web app manifests and icons the build writes into dist/. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const
export const shareImagePath = (language: Language) => `/share/lendulet-${language}.png`
export const manifestPath = (language: Language) => `/manifest.${language}.webmanifest`
