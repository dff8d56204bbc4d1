import { eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { PublicConfig } from '#shared/public-config.ts'
import {
  SITE_SETTING_FIELDS,
  readStoredSiteSettings,
  type SiteSettingsInput,
  type SiteSettingsView,
} from '#shared/schemas/site-settings.ts'
import type { AuditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import { appSettings } from '../db/schema/app-settings.ts'
import type { Env } from '../env.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { splitSender } from '../mail/sender.ts'
import {
  dayInBudapest,
  defaultsOf,
  effectiveOf,
  isLocked,
  launchIsOver,
  publicConfigOf,
  SITE_SETTINGS_KEY,
  yearInBudapest,
} from './site-values.ts'
import { updateSiteSettings } from './commands/update-site-settings.ts'

/** The change signal every server process listens to (live-hub.ts: keys with a colon). */
export const SITE_SETTINGS_CHANGED = 'settings:site'

export interface SiteSettingsStore {
  /** The values public pages show (filled into the prerendered pages at serve time). */
  publicConfig(): PublicConfig
  /** The From of every e-mail: the owner's sender name with MAIL_FROM's address. */
  mailFrom(): string
  /** Every field with its value, default and whether it is set or locked (the settings page). */
  view(): SiteSettingsView
  /**
   * Changes the fields given, in one audited transaction (commands/update-site-settings.ts);
   * every server process hears of it.
   */
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
      .where(eq(appSettings.key, SITE_SETTINGS_KEY))
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

  /** After a change of hers commits: this process holds it at once, and every other one hears. */
  function saved(next: SiteSettingsInput) {
    stored = next
    announcing = true
    try {
      hub?.changed(SITE_SETTINGS_CHANGED)
    } finally {
      announcing = false
    }
  }

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
      await updateSiteSettings({ db, env, now, origin, saved }, patch)
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
