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
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config'
