import type { Language } from '#shared/languages.ts'
import { LAUNCH_PLACEHOLDER, LAUNCH_TEXTS, type LaunchTextId } from '#shared/launch.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import { serverLaunchText } from './launch-texts.ts'

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
  // The pages that show it are rendered both ways (public-pages.ts).
  googleSignIn: false,
  // Every sentence that names the launch becomes its own placeholder (shared/launch.ts).
  launch: { date: LAUNCH_PLACEHOLDER, passed: false },
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

const isLaunchTextId = (id: string): id is LaunchTextId => Object.hasOwn(LAUNCH_TEXTS, id)

/** Puts the launch sentences, in the page's language, where the build left placeholders. */
export function fillLaunchTexts(
  text: string,
  config: PublicConfig,
  language: Language,
  escape: (text: string) => string = (plain) => plain,
): string {
  return text.replace(/__LENDULET_LAUNCH_([a-zA-Z]+)__/g, (placeholder, id: string) =>
    isLaunchTextId(id) ? escape(serverLaunchText(language, id, config.launch)) : placeholder,
  )
}

/**
 * Puts the server's values where the prerendered page has placeholders (attributes and text),
 * the launch sentences in the page's language.
 */
export function fillConfigPlaceholders(
  html: string,
  config: PublicConfig,
  language: Language,
): string {
  const filled = html.replace(/__LENDULET_CONFIG_([a-zA-Z]+)__/g, (placeholder, key: string) => {
    const value = (config as unknown as Record<string, unknown>)[key]
    return typeof value === 'string' ? escapeHtml(value) : placeholder
  })
  return fillLaunchTexts(filled, config, language, escapeHtml)
}
