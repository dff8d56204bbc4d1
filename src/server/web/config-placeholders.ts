import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'

/**
 * The public configuration comes from the server's environment and the owner's settings, which
 * the build does not know: pages are prerendered with these placeholders in its place (in links
 * and text), and the server fills in its values at start and again after each change of the
 * settings (decision 0039). Letters and underscores only, so neither React's escaping nor an href
 * changes them.
 */
export const CONFIG_PLACEHOLDERS: PublicConfig = {
  officialSiteUrl: '__LENDULET_CONFIG_officialSiteUrl__',
  instagramUrl: '__LENDULET_CONFIG_instagramUrl__',
  appStoreUrl: '__LENDULET_CONFIG_appStoreUrl__',
  googlePlayUrl: '__LENDULET_CONFIG_googlePlayUrl__',
  privacyPolicyUrl: '__LENDULET_CONFIG_privacyPolicyUrl__',
  contactEmail: '__LENDULET_CONFIG_contactEmail__',
  // Only the sign-in screens read it, and they are not prerendered.
  googleSignIn: false,
  launchLine: Object.fromEntries(
    LANGUAGE_CODES.map((language) => [language, `__LENDULET_CONFIG_launchLine_${language}__`]),
  ) as Record<Language, string>,
  footerYear: '__LENDULET_CONFIG_footerYear__',
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Puts the server's values where the prerendered page has placeholders (attributes and text). */
export function fillConfigPlaceholders(html: string, config: PublicConfig): string {
  return html.replace(
    /__LENDULET_CONFIG_([a-zA-Z]+)(?:_([a-z]+))?__/g,
    (placeholder, key: string, part?: string) => {
      const field = (config as unknown as Record<string, unknown>)[key]
      // launchLine_hu: one language's value of a field that has one for each.
      const value =
        part && field && typeof field === 'object'
          ? (field as Record<string, unknown>)[part]
          : field
      return typeof value === 'string' ? escapeHtml(value) : placeholder
    },
  )
}
