import type { Language } from './languages.ts'

/**
 * Settings the browser needs (links, contact, launch line, footer year). The server builds them from
 * its validated env and the owner's settings (/admin/settings), and
 * injects them into index.html, so the page renders them without an extra request. Kept free
 * of zod on purpose: this module is in the landing page's bundle.
 */
export interface PublicConfig {
  officialSiteUrl: string
  instagramUrl: string
  appStoreUrl: string
  googlePlayUrl: string
  privacyPolicyUrl: string
  contactEmail: string
  /** Whether "Continue with Google" works on this site (Google client configured). */
  googleSignIn: boolean
  /** The landing page's launch line ("Coming soon · 2026") in each language. */
  launchLine: Record<Language, string>
  /** The year in the footer's copyright line. */
  footerYear: string
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config'
