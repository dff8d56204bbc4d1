import { launchPassed, parseLaunchDate } from '#shared/launch.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import {
  SEATING_MEMORY_MONTHS_DEFAULT,
  lockNameOf,
  type SiteSettingField,
  type SiteSettingValue,
  type SiteSettingsInput,
} from '#shared/schemas/site-settings.ts'
import type { Env } from '../env.ts'
import { splitSender } from '../mail/sender.ts'

// The site settings' values, from the environment and what the owner stored: no database here,
// so the Vite dev server can fill its index.html with them too (vite.config.ts).

/** The app_settings row that holds what the owner has set. */
export const SITE_SETTINGS_KEY = 'site'

const budapestYear = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Budapest' })

/** The calendar year in Hungary: the footer's year turns at midnight in Budapest. */
export function yearInBudapest(now: Date): number {
  return Number(budapestYear.format(now))
}

const budapestDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Budapest',
})
/** The day in Hungary, as YYYY-MM-DD: a launch time is over when this day is past its last. */
export function dayInBudapest(now: Date): string {
  return budapestDay.format(now)
}

/** Each field's value when the owner has set nothing: the server's configuration. */
export function defaultsOf(env: Env, year: number): Record<SiteSettingField, SiteSettingValue> {
  return {
    contactEmail: env.CONTACT_EMAIL,
    officialSiteUrl: env.OFFICIAL_SITE_URL,
    instagramUrl: env.INSTAGRAM_URL,
    // None: the badge is not shown until the app has its page in the store.
    appStoreUrl: env.APP_STORE_URL ?? '',
    googlePlayUrl: env.GOOGLE_PLAY_URL ?? '',
    mailSenderName: splitSender(env.MAIL_FROM).name ?? '',
    launchDate: env.LAUNCH_DATE,
    footerYear: year,
    seatingMemoryMonths: SEATING_MEMORY_MONTHS_DEFAULT,
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

/** Whether the launch time the site names is over on `day` (YYYY-MM-DD). */
export function launchIsOver(date: string, day: string): boolean {
  const parsed = parseLaunchDate(date)
  return parsed !== null && launchPassed(parsed, day)
}

/** The values public pages show. With nothing stored: the server's configuration alone. */
export function publicConfigOf(
  env: Env,
  stored: SiteSettingsInput = {},
  now = new Date(),
): PublicConfig {
  const effective = effectiveOf(env, stored, yearInBudapest(now))
  const launchDate = String(effective('launchDate'))
  return {
    officialSiteUrl: String(effective('officialSiteUrl')),
    instagramUrl: String(effective('instagramUrl')),
    appStoreUrl: String(effective('appStoreUrl')),
    googlePlayUrl: String(effective('googlePlayUrl')),
    privacyPolicyUrl: env.PRIVACY_POLICY_URL,
    contactEmail: String(effective('contactEmail')),
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    launch: { date: launchDate, passed: launchIsOver(launchDate, dayInBudapest(now)) },
    footerYear: String(effective('footerYear')),
  }
}
