import { z } from 'zod'
import { parseLaunchDate } from '../launch.ts'

// Messages are keys under `errors:siteSettings.`, so the form and the server's answer say the same
// thing in the admin's language.

/** The settings the site's owner changes herself on /admin/settings (issue 24). */
export const SITE_SETTING_FIELDS = [
  'contactEmail',
  'officialSiteUrl',
  'instagramUrl',
  'appStoreUrl',
  'googlePlayUrl',
  'mailSenderName',
  'launchDate',
  'footerYear',
  'seatingMemoryMonths',
] as const
export type SiteSettingField = (typeof SITE_SETTING_FIELDS)[number]

/** The names an operator lists in SETTINGS_LOCKED: one per field, or `all`. */
export const SETTING_LOCK_NAMES = SITE_SETTING_FIELDS
export type SettingLockName = SiteSettingField
/**
 * Names SETTINGS_LOCKED took before, and the setting each stands for now: the four languages'
 * launch lines gave way to the launch date (decision 54).
 */
export const FORMER_SETTING_LOCK_NAMES: Record<string, SettingLockName> = {
  launchLine: 'launchDate',
}
export const lockNameOf = (field: SiteSettingField): SettingLockName => field

/** The seating remembers earlier evenings this many months back unless the owner says otherwise. */
export const SEATING_MEMORY_MONTHS_DEFAULT = 6
export const SEATING_MEMORY_MONTHS_MIN = 1
export const SEATING_MEMORY_MONTHS_MAX = 24

const LINE_BREAK_OR_CONTROL = /\p{Cc}/u

const httpsUrl = z
  .string()
  .trim()
  .max(500, { error: 'urlTooLong' })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username
    },
    { error: 'urlInvalid' },
  )

/** The app's own page in the App Store: https://apps.apple.com/<country>/app/<name>/id<number>. */
export function isAppStoreAppUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (
    url.protocol === 'https:' &&
    url.hostname === 'apps.apple.com' &&
    !url.username &&
    /^\/(?:[a-z]{2}\/)?app\/(?:[^/]+\/)?id\d+\/?$/.test(url.pathname)
  )
}

/** The app's own page on Google Play: https://play.google.com/store/apps/details?id=<package>. */
export function isGooglePlayAppUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (
    url.protocol === 'https:' &&
    url.hostname === 'play.google.com' &&
    !url.username &&
    url.pathname.replace(/\/$/, '') === '/store/apps/details' &&
    /^[A-Za-z][\w]*(?:\.[A-Za-z][\w]*)+$/.test(url.searchParams.get('id') ?? '')
  )
}

const storeUrl = (isAppPage: (value: string) => boolean, error: string) =>
  z.string().trim().max(500, { error: 'urlTooLong' }).refine(isAppPage, { error })

/** When the site opens (shared/launch.ts): `none`, `2027`, `2027-spring`, `2027-03`, `2027-03-15`. */
const launchDate = z
  .string()
  .trim()
  .refine((value) => parseLaunchDate(value) !== null, { error: 'launchDateInvalid' })

/**
 * A change to the settings: the fields sent are changed, the others stay. null puts a field back
 * to its default (the server's configuration, or this year for the footer).
 */
export const siteSettingsInputSchema = z
  .object({
    contactEmail: z
      .string()
      .trim()
      .max(254, { error: 'emailInvalid' })
      .pipe(z.email({ error: 'emailInvalid' }))
      .nullable(),
    officialSiteUrl: httpsUrl.nullable(),
    instagramUrl: httpsUrl.nullable(),
    appStoreUrl: storeUrl(isAppStoreAppUrl, 'appStoreUrlInvalid').nullable(),
    googlePlayUrl: storeUrl(isGooglePlayAppUrl, 'googlePlayUrlInvalid').nullable(),
    mailSenderName: z
      .string()
      .trim()
      .min(1, { error: 'senderNameRequired' })
      .max(60, { error: 'senderNameTooLong' })
      // A name, not an address: no line breaks (header injection) and none of < > @ " .
      .refine((value) => !LINE_BREAK_OR_CONTROL.test(value) && !/[<>@"]/.test(value), {
        error: 'senderNameInvalid',
      })
      .nullable(),
    launchDate: launchDate.nullable(),
    footerYear: z
      .number({ error: 'yearInvalid' })
      .int({ error: 'yearInvalid' })
      .min(2000, { error: 'yearInvalid' })
      .max(2100, { error: 'yearInvalid' })
      .nullable(),
    /** How far back the seating remembers who sat together (issue 40; decision 0094). */
    seatingMemoryMonths: z
      .number({ error: 'seatingMemoryMonthsInvalid' })
      .int({ error: 'seatingMemoryMonthsInvalid' })
      .min(SEATING_MEMORY_MONTHS_MIN, { error: 'seatingMemoryMonthsInvalid' })
      .max(SEATING_MEMORY_MONTHS_MAX, { error: 'seatingMemoryMonthsInvalid' })
      .nullable(),
  })
  .partial()
  .strict()
export type SiteSettingsInput = z.infer<typeof siteSettingsInputSchema>

/**
 * What the owner has set, as stored (one JSON value; a field she has not set is absent), read
 * field by field: a value that today's rules refuse (a store's front page, saved before they
 * asked for the app's own page) is left out, and its field shows its default; the others stay.
 * Names no longer in use are left out too. `dropped` names what was left out.
 */
export function readStoredSiteSettings(value: unknown): {
  settings: SiteSettingsInput
  dropped: string[]
} {
  const settings: Record<string, unknown> = {}
  const dropped: string[] = []
  if (!value || typeof value !== 'object') return { settings, dropped }
  const shape = siteSettingsInputSchema.shape
  for (const [key, stored] of Object.entries(value)) {
    const field = (SITE_SETTING_FIELDS as readonly string[]).includes(key)
      ? shape[key as SiteSettingField]
      : undefined
    const parsed = field?.safeParse(stored)
    if (parsed?.success && parsed.data != null) settings[key] = parsed.data
    else dropped.push(key)
  }
  return { settings: settings as SiteSettingsInput, dropped }
}

export type SiteSettingValue = string | number

/** One field as the settings page shows it. */
export const siteSettingViewSchema = z.object({
  /** What the site uses now. */
  value: z.union([z.string(), z.number()]),
  /** What it uses when she has set nothing (the server's configuration). */
  default: z.union([z.string(), z.number()]),
  /** She has set this field herself. */
  custom: z.boolean(),
  /** The server's operator has fixed this field (SETTINGS_LOCKED): it cannot be changed here. */
  locked: z.boolean(),
})
export type SiteSettingView = z.infer<typeof siteSettingViewSchema>

export const siteSettingsViewSchema = z.object(
  Object.fromEntries(SITE_SETTING_FIELDS.map((field) => [field, siteSettingViewSchema])) as Record<
    SiteSettingField,
    typeof siteSettingViewSchema
  >,
)
export type SiteSettingsView = z.infer<typeof siteSettingsViewSchema>
