import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import deLanding from '#shared/locales/de/landing.json' with { type: 'json' }
import enLanding from '#shared/locales/en/landing.json' with { type: 'json' }
import esLanding from '#shared/locales/es/landing.json' with { type: 'json' }
import huLanding from '#shared/locales/hu/landing.json' with { type: 'json' }
import {
  launchLineField,
  lockNameOf,
  type SiteSettingField,
  type SiteSettingValue,
  type SiteSettingsInput,
} from '#shared/schemas/site-settings.ts'
import type { Env } from '../env.ts'
import { splitSender } from '../mail/sender.ts'

// The site settings' values, from the environment and what the owner stored: no database here,
// so the Vite dev server can fill its index.html with them too (vite.config.ts).

/** The landing page's launch line when nobody has set one: its text in each language. */
const DEFAULT_LAUNCH_LINES: Record<Language, string> = {
  hu: huLanding.hero.badge,
  en: enLanding.hero.badge,
  es: esLanding.hero.badge,
  de: deLanding.hero.badge,
}

const budapestYear = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Budapest' })
/** The calendar year in Hungary: the footer's year turns at midnight in Budapest. */
export function yearInBudapest(now: Date): number {
  return Number(budapestYear.format(now))
}

/** Each field's value when the owner has set nothing: the server's configuration. */
export function defaultsOf(env: Env, year: number): Record<SiteSettingField, SiteSettingValue> {
  return {
    contactEmail: env.CONTACT_EMAIL,
    officialSiteUrl: env.OFFICIAL_SITE_URL,
    instagramUrl: env.INSTAGRAM_URL,
    appStoreUrl: env.APP_STORE_URL,
    googlePlayUrl: env.GOOGLE_PLAY_URL,
    mailSenderName: splitSender(env.MAIL_FROM).name ?? '',
    launchLineHu: DEFAULT_LAUNCH_LINES.hu,
    launchLineEn: DEFAULT_LAUNCH_LINES.en,
    launchLineEs: DEFAULT_LAUNCH_LINES.es,
    launchLineDe: DEFAULT_LAUNCH_LINES.de,
    footerYear: year,
  }
}

export const isLocked = (env: Env, field: SiteSettingField) =>
  env.SETTINGS_LOCKED.includes(lockNameOf(field))

/** What the site uses for a field: the owner's value, unless the operator locked the field. */
export function effectiveOf(env: Env, stored: SiteSettingsInput, year: number) {
  const defaults = defaultsOf(env, year)
  return (field: SiteSettingField): SiteSettingValue =>
    (isLocked(env, field) ? null : stored[field]) ?? defaults[field]
}

/** The values public pages show. With nothing stored: the server's configuration alone. */
export function publicConfigOf(
  env: Env,
  stored: SiteSettingsInput = {},
  year = yearInBudapest(new Date()),
): PublicConfig {
  const effective = effectiveOf(env, stored, year)
  return {
    officialSiteUrl: String(effective('officialSiteUrl')),
    instagramUrl: String(effective('instagramUrl')),
    appStoreUrl: String(effective('appStoreUrl')),
    googlePlayUrl: String(effective('googlePlayUrl')),
    privacyPolicyUrl: env.PRIVACY_POLICY_URL,
    contactEmail: String(effective('contactEmail')),
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    launchLine: Object.fromEntries(
      LANGUAGE_CODES.map((language) => [language, String(effective(launchLineField(language)))]),
    ) as Record<Language, string>,
    footerYear: String(effective('footerYear')),
  }
}
