import type { PublicLaunch } from './launch.ts'

/**
 * Settings the browser needs (links, contact, launch date, footer year). The server builds them from
 * its validated env and the owner's settings (/admin/settings), and
 * injects them into index.html, so the page renders them without an extra request. Kept free
 * of zod on purpose: this module is in the landing page's bundle.
 */
export interface PublicConfig {
  officialSiteUrl: string
  instagramUrl: string
  /** The app's own page in each store; empty when it has none yet (no badge is shown). */
  appStoreUrl: string
  googlePlayUrl: string
  privacyPolicyUrl: string
  contactEmail: string
  /** Whether "Continue with Google" works on this site (Google client configured). */
  googleSignIn: boolean
  /** When the site opens, and whether that time is over (shared/launch.ts). */
  launch: PublicLaunch
  /** The year in the footer's copyright line. */
  footerYear: string
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config'
