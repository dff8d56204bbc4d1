import { eq, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import deLanding from '#shared/locales/de/landing.json' with { type: 'json' }
import enLanding from '#shared/locales/en/landing.json' with { type: 'json' }
import esLanding from '#shared/locales/es/landing.json' with { type: 'json' }
import huLanding from '#shared/locales/hu/landing.json' with { type: 'json' }
import {
  SITE_SETTING_FIELDS,
  launchLineField,
  lockNameOf,
  storedSiteSettingsSchema,
  type SiteSettingField,
  type SiteSettingValue,
  type SiteSettingsInput,
  type SiteSettingsView,
} from '#shared/schemas/site-settings.ts'
import { audited, type AuditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import type { Env } from '../env.ts'
import { ApiError } from '../http/api-error.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { splitSender } from '../mail/sender.ts'

/** The app_settings row that holds what the owner has set. */
const SETTINGS_KEY = 'site'
/** The change signal every server process listens to (live-hub.ts: keys with a colon). */
export const SITE_SETTINGS_CHANGED = 'settings:site'

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
function defaultsOf(env: Env, year: number): Record<SiteSettingField, SiteSettingValue> {
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

const isLocked = (env: Env, field: SiteSettingField) =>
  env.SETTINGS_LOCKED.includes(lockNameOf(field))

/** What the site uses for a field: the owner's value, unless the operator locked the field. */
function effectiveOf(env: Env, stored: SiteSettingsInput, year: number) {
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

export interface SiteSettingsStore {
  /** The values public pages show (filled into the prerendered pages at serve time). */
  publicConfig(): PublicConfig
  /** The From of every e-mail: the owner's sender name with MAIL_FROM's address. */
  mailFrom(): string
  /** Every field with its value, default and whether it is set or locked (the settings page). */
  view(): SiteSettingsView
  /** Changes the fields given, in one audited transaction; every server process hears of it. */
  update(patch: SiteSettingsInput, origin: AuditOrigin): Promise<SiteSettingsView>
  /** Reads the stored settings again (another process changed them). */
  reload(): Promise<void>
  close(): void
}

/**
 * The owner's settings over the server's configuration: the environment gives each field its
 * default, what she saves in app_settings wins, and a field the operator lists in
 * SETTINGS_LOCKED keeps the environment's value whatever is stored.
 */
export async function createSiteSettings({
  db,
  env,
  hub,
  logger,
  now = () => new Date(),
}: {
  db: Db
  env: Env
  hub?: LiveHub
  logger: Logger
  now?: () => Date
}): Promise<SiteSettingsStore> {
  const sender = splitSender(env.MAIL_FROM)
  let stored: SiteSettingsInput = {}
  // Public values, remade when the settings or the year change (a page compares by identity).
  let config: { year: number; stored: SiteSettingsInput; value: PublicConfig } | null = null

  async function read(): Promise<SiteSettingsInput> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTINGS_KEY))
    if (!row) return {}
    const parsed = storedSiteSettingsSchema.safeParse(row.value)
    if (parsed.success) return parsed.data
    // Written by this code, so never expected; the defaults serve rather than a broken page.
    logger.error(
      { issues: parsed.error.issues },
      'stored site settings are not valid; using defaults',
    )
    return {}
  }

  stored = await read()
  // The hub hands this process its own signal too, at once: it already holds what it saved.
  let announcing = false
  const unsubscribe = hub?.subscribe(SITE_SETTINGS_CHANGED, () => {
    if (announcing) return
    void store.reload().catch((error: unknown) => {
      logger.error({ err: error }, 'site settings: reading the changed settings failed')
    })
  })

  const store: SiteSettingsStore = {
    publicConfig() {
      const year = yearInBudapest(now())
      if (config?.year !== year || config.stored !== stored)
        config = { year, stored, value: publicConfigOf(env, stored, year) }
      return config.value
    },
    mailFrom() {
      const name = stored.mailSenderName
      if (isLocked(env, 'mailSenderName') || name == null) return env.MAIL_FROM
      return `"${name}" <${sender.address}>`
    },
    view() {
      const year = yearInBudapest(now())
      const defaults = defaultsOf(env, year)
      const effective = effectiveOf(env, stored, year)
      return Object.fromEntries(
        SITE_SETTING_FIELDS.map((field) => [
          field,
          {
            value: effective(field),
            default: defaults[field],
            custom: !isLocked(env, field) && stored[field] != null,
            locked: isLocked(env, field),
          },
        ]),
      ) as SiteSettingsView
    },
    async update(patch, origin) {
      const refused = SITE_SETTING_FIELDS.filter((field) => field in patch && isLocked(env, field))
      if (refused.length > 0)
        throw new ApiError(409, 'setting_locked', 'siteSettings.locked', {
          fields: Object.fromEntries(refused.map((field) => [field, 'siteSettings.locked'])),
        })
      const next = await audited(db, origin, async (tx) => {
        // One change at a time: two admins saving at once both land, one after the other.
        await tx
          .insert(appSettings)
          .values({ key: SETTINGS_KEY, value: {} })
          .onConflictDoNothing({ target: appSettings.key })
        const [row] = await tx
          .select({ value: appSettings.value })
          .from(appSettings)
          .where(eq(appSettings.key, SETTINGS_KEY))
          .for('update')
        const before = storedSiteSettingsSchema.catch({}).parse(row?.value ?? {})
        // A field sent as null goes back to its default: it is no longer stored.
        const merged: Record<string, unknown> = { ...before, ...patch }
        const after = Object.fromEntries(
          Object.entries(merged).filter(([, value]) => value != null),
        ) as SiteSettingsInput
        await tx
          .update(appSettings)
          .set({ value: after, updatedAt: sql`now()` })
          .where(eq(appSettings.key, SETTINGS_KEY))
        const shown = (values: SiteSettingsInput) =>
          Object.fromEntries(SITE_SETTING_FIELDS.map((field) => [field, values[field] ?? null]))
        return {
          result: after,
          audit: {
            action: 'settings.update' as const,
            subject: { type: 'setting' as const, id: SETTINGS_KEY, label: null },
            before: shown(before),
            after: shown(after),
          },
        }
      })
      stored = next
      announcing = true
      try {
        hub?.changed(SITE_SETTINGS_CHANGED)
      } finally {
        announcing = false
      }
      return store.view()
    },
    async reload() {
      stored = await read()
    },
    close() {
      unsubscribe?.()
    },
  }
  return store
}
