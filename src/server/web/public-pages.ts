import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'

/**
 * What a page's HTML depends on that the build cannot know, so it renders the page each way and
 * the server serves the one that fits: whether "Continue with Google" works here, and whether the
 * app has its page in each store (its badge, and the welcome's word of the app).
 */
export const PAGE_SWITCHES = ['googleSignIn', 'appStore', 'googlePlay'] as const
export type PageSwitch = (typeof PAGE_SWITCHES)[number]

export function switchesOf(config: PublicConfig): Record<PageSwitch, boolean> {
  return {
    googleSignIn: config.googleSignIn,
    appStore: config.appStoreUrl !== '',
    googlePlay: config.googlePlayUrl !== '',
  }
}

/**
 * The pages that arrive prerendered, one HTML file per language (scripts/prerender.ts writes
 * them, serve-app.ts picks one per request). Every other path gets the app's empty index.html.
 */
export const PUBLIC_PAGES = [
  // SPEC: /, /landing, /home and /welcome all show the landing page; / is its address.
  {
    id: 'landing',
    paths: ['/', '/landing', '/home'],
    canonicalPath: '/',
    inSitemap: true,
    namespaces: ['common', 'landing'],
    head: { title: 'landing:meta.title', description: 'landing:meta.description' },
    dependsOn: ['appStore', 'googlePlay'],
    worksWithoutTheApp: true,
    islands: true,
  },
  // The same page with the welcome panel on top, for a new member: not one for search engines.
  {
    id: 'welcome',
    paths: ['/welcome'],
    canonicalPath: null,
    inSitemap: false,
    namespaces: ['common', 'landing'],
    head: { title: 'landing:meta.title', description: 'landing:meta.description' },
    dependsOn: ['appStore', 'googlePlay'],
    worksWithoutTheApp: true,
    islands: true,
  },
  {
    id: 'privacy-policy',
    paths: ['/privacy-policy'],
    canonicalPath: '/privacy-policy',
    inSitemap: true,
    namespaces: ['common', 'landing', 'privacy'],
    head: { title: 'privacy:meta.title', description: 'privacy:meta.description' },
    // Long text: set in the fallbacks first, its lines would break anew when the fonts come.
    fontsWithThePage: true,
    worksWithoutTheApp: true,
    islands: true,
  },
  // The account forms offer "Continue with Google" where this site has Google set up.
  {
    id: 'login',
    paths: ['/login'],
    canonicalPath: '/login',
    inSitemap: false,
    namespaces: ['common', 'auth', 'errors'],
    head: { title: 'auth:login.title', description: 'auth:login.intro', brandInTitle: true },
    dependsOn: ['googleSignIn'],
    islands: true,
    appAtReach: true,
  },
  {
    id: 'signup',
    paths: ['/signup'],
    canonicalPath: '/signup',
    inSitemap: true,
    namespaces: ['common', 'auth', 'errors'],
    head: { title: 'auth:signup.title', description: 'auth:signup.intro', brandInTitle: true },
    dependsOn: ['googleSignIn'],
    islands: true,
    appAtReach: true,
  },
  {
    id: 'forgot-password',
    paths: ['/forgot-password'],
    canonicalPath: '/forgot-password',
    inSitemap: false,
    namespaces: ['common', 'auth', 'errors'],
    head: { title: 'auth:forgot.title', description: 'auth:forgot.intro', brandInTitle: true },
    islands: true,
    appAtReach: true,
  },
  // The newsletter's links land here; the page confirms once its script has sent the token.
  {
    id: 'newsletter-verify',
    paths: ['/newsletter/verify'],
    canonicalPath: '/newsletter/verify',
    inSitemap: false,
    namespaces: ['common', 'newsletter'],
    head: {
      title: 'newsletter:verification.title',
      description: 'newsletter:verification.description',
      brandInTitle: true,
    },
    worksWithoutTheApp: true,
    islands: true,
  },
  {
    id: 'newsletter-unsubscribe',
    paths: ['/newsletter/unsubscribe'],
    canonicalPath: '/newsletter/unsubscribe',
    inSitemap: false,
    namespaces: ['common', 'newsletter'],
    head: {
      title: 'newsletter:unsubscribeVerification.title',
      description: 'newsletter:unsubscribeVerification.description',
      brandInTitle: true,
    },
    worksWithoutTheApp: true,
    islands: true,
  },
  // Every address the app has no screen for (shared/site-paths.ts), answered with status 404.
  {
    id: 'not-found',
    paths: [],
    canonicalPath: null,
    inSitemap: false,
    namespaces: ['common'],
    head: {
      title: 'common:notFound.title',
      description: 'common:notFound.text',
      brandInTitle: true,
    },
  },
] as const satisfies readonly PublicPageDefinition[]

interface PublicPageDefinition {
  id: string
  /** The addresses that serve it (the first is the one it is rendered at). */
  paths: readonly string[]
  /**
   * The address search engines should know it by; null: none, and it is kept from them (a page
   * for one visitor at one moment, or not a page of its own).
   */
  canonicalPath: string | null
  inSitemap: boolean
  /** The texts it renders with, which it carries for hydration. */
  namespaces: readonly string[]
  /**
   * Its title and description: text keys; the title ends in " – <brand>" where the screen's does.
   * A launch sentence (shared/launch.ts) is written by the server for the current setting.
   */
  head: { title: string; description: string; brandInTitle?: boolean }
  /** What it is rendered each way for (PAGE_SWITCHES). */
  dependsOn?: readonly PageSwitch[]
  /**
   * Its fonts are preloaded and arrive with it, instead of after its first paint (the default,
   * which paints sooner: decision 0034).
   */
  fontsWithThePage?: boolean
  /**
   * Everything on it works before (and without) the app: its forms post to the server, its
   * links are links. The app loads after the page has loaded, or at her first touch, and is not
   * part of its start (src/web/boot.ts, decision 73).
   */
  worksWithoutTheApp?: boolean
  /**
   * Only its islands load after its load (the `?lang=` it came with, the carousel's turning, the
   * app at once for a signed-in member), and the app when she reaches for a control
   * (src/web/islands/, decisions 85, 95 and 102).
   */
  islands?: boolean
  /**
   * Of a page with islands: its forms are the app's, which comes when she reaches for the page
   * (a key, a control), not by itself (decision 102).
   */
  appAtReach?: boolean
}

export type PublicPage = (typeof PUBLIC_PAGES)[number]
export type PublicPageId = PublicPage['id']

/** Folder of dist/ with the prerendered pages and their index (pages.json). */
export const PAGES_DIR = 'pages'
export const pageFileName = (
  id: PublicPageId,
  language: Language,
  on: readonly PageSwitch[] = [],
) => `${id}.${language}${on.map((name) => `.${name}`).join('')}.html`

const switchesOfPage = (page: PublicPage): readonly PageSwitch[] =>
  'dependsOn' in page ? page.dependsOn : []

/** Each way the build renders a page: the switches that are on, in every combination. */
export function pageVariants(page: PublicPage): PageSwitch[][] {
  return switchesOfPage(page).reduce<PageSwitch[][]>(
    (variants, name) => variants.flatMap((on) => [on, [...on, name]]),
    [[]],
  )
}

/** The way of a page that fits this site: the switches it depends on that are on. */
export function pageVariantFor(page: PublicPage, config: PublicConfig): PageSwitch[] {
  const switches = switchesOf(config)
  return switchesOfPage(page).filter((name) => switches[name])
}

/** The hashes of the inline scripts the prerendered pages run (the boot script), in PAGES_DIR. */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json'
export interface InlineScripts {
  /** Base64 SHA-256 digests, as a content security policy names them. */
  sha256: string[]
}

/** Where the page is rendered at the build. */
export const renderPath = (page: PublicPage) => page.paths[0] ?? '/__not-found__'

/** What the build knows about one prerendered page, for the head the server writes around it. */
export interface PrerenderedPage {
  id: PublicPageId
  language: Language
  file: string
  /** Set on pages rendered each way: the switches on in this file (pageVariants). */
  on?: PageSwitch[]
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
