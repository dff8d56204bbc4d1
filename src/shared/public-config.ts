/**
 * Settings the browser needs (external links). The server builds them from its validated env and
 * injects them into index.html, so the page renders its links without an extra request. Kept free
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
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config'
