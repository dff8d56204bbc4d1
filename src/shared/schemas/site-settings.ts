import { z } from 'zod'
import type { Language } from '../languages.ts'

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
  'launchLineHu',
  'launchLineEn',
  'launchLineEs',
  'launchLineDe',
  'footerYear',
] as const
export type SiteSettingField = (typeof SITE_SETTING_FIELDS)[number]

/** The field of the launch line in one language: `launchLineHu`… */
export const launchLineField = (language: Language) =>
  `launchLine${language[0]?.toUpperCase()}${language.slice(1)}` as SiteSettingField

/**
 * The names an operator lists in SETTINGS_LOCKED: one per field, `launchLine` for the four
 * languages' lines together, or `all`.
 */
export const SETTING_LOCK_NAMES = [
  'contactEmail',
  'officialSiteUrl',
  'instagramUrl',
  'appStoreUrl',
  'googlePlayUrl',
  'mailSenderName',
  'launchLine',
  'footerYear',
] as const
export type SettingLockName = (typeof SETTING_LOCK_NAMES)[number]
export const lockNameOf = (field: SiteSettingField): SettingLockName =>
  field.startsWith('launchLine') ? 'launchLine' : (field as SettingLockName)

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

const launchLine = z
  .string()
  .trim()
  .min(1, { error: 'launchLineRequired' })
  .max(60, { error: 'launchLineTooLong' })
  .refine((value) => !LINE_BREAK_OR_CONTROL.test(value), { error: 'launchLineInvalid' })

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
    appStoreUrl: httpsUrl.nullable(),
    googlePlayUrl: httpsUrl.nullable(),
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
    launchLineHu: launchLine.nullable(),
    launchLineEn: launchLine.nullable(),
    launchLineEs: launchLine.nullable(),
    launchLineDe: launchLine.nullable(),
    footerYear: z
      .number({ error: 'yearInvalid' })
      .int({ error: 'yearInvalid' })
      .min(2000, { error: 'yearInvalid' })
      .max(2100, { error: 'yearInvalid' })
      .nullable(),
  })
  .partial()
  .strict()
export type SiteSettingsInput = z.infer<typeof siteSettingsInputSchema>

/** What the owner has set; a field she has not set is absent. Stored as one JSON value. */
export const storedSiteSettingsSchema = siteSettingsInputSchema

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
