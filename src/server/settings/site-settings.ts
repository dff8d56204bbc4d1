import { eq, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { PublicConfig } from '#shared/public-config.ts'
import {
  SITE_SETTING_FIELDS,
  readStoredSiteSettings,
  type SiteSettingsInput,
  type SiteSettingsView,
} from '#shared/schemas/site-settings.ts'
import { audited, type AuditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import type { Env } from '../env.ts'
import { DomainError } from '../domain-error.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { splitSender } from '../mail/sender.ts'
import {
  dayInBudapest,
  defaultsOf,
  effectiveOf,
  isLocked,
  launchIsOver,
  publicConfigOf,
  yearInBudapest,
} from './site-values.ts'

/** The app_settings row that holds what the owner has set. */
const SETTINGS_KEY = 'site'
/** The change signal every server process listens to (live-hub.ts: keys with a colon). */
export const SITE_SETTINGS_CHANGED = 'settings:site'

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
  // Public values, remade when the settings, the year or whether the launch time is over change
  // (a page compares by identity, and fills itself again for a new one).
  let config: { key: string; stored: SiteSettingsInput; value: PublicConfig } | null = null

  async function read(): Promise<SiteSettingsInput> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTINGS_KEY))
    if (!row) return {}
    const { settings, dropped } = readStoredSiteSettings(row.value)
    // Saved under older rules (a store's front page) or names (the launch lines): those fields
    // show their defaults; the row keeps them until she saves them anew.
    if (dropped.length > 0)
      logger.warn({ fields: dropped }, 'site settings: stored values not used (default instead)')
    return settings
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
      const at = now()
      const launchDate = String(effectiveOf(env, stored, yearInBudapest(at))('launchDate'))
      const key = `${yearInBudapest(at)}|${launchIsOver(launchDate, dayInBudapest(at))}`
      if (config?.key !== key || config.stored !== stored)
        config = { key, stored, value: publicConfigOf(env, stored, at) }
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
        throw new DomainError(
          'settingLocked',
          Object.fromEntries(refused.map((field) => [field, 'siteSettings.locked'])),
        )
      // A time already over would only be a promise the pages stop making at once.
      if (patch.launchDate != null && launchIsOver(patch.launchDate, dayInBudapest(now())))
        throw new DomainError('launchDatePassed', { launchDate: 'siteSettings.launchDatePassed' })
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
        const raw = row?.value && typeof row.value === 'object' ? row.value : {}
        const before = readStoredSiteSettings(raw).settings
        // A field sent as null goes back to its default: it is no longer stored. What the row
        // holds that is not in use (readStoredSiteSettings) stays as it was.
        const kept = Object.fromEntries(
          Object.entries({ ...raw, ...patch }).filter(([, value]) => value != null),
        )
        const after = readStoredSiteSettings(kept).settings
        await tx
          .update(appSettings)
          .set({ value: kept, updatedAt: sql`now()` })
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
