import { eq, sql } from 'drizzle-orm'
import {
  SITE_SETTING_FIELDS,
  readStoredSiteSettings,
  type SiteSettingsInput,
} from '#shared/schemas/site-settings.ts'
import { audited, type AuditOrigin } from '../../audit/audit.ts'
import type { Db } from '../../db/client.ts'
import { appSettings } from '../../db/schema/app-settings.ts'
import { DomainError } from '../../domain-error.ts'
import type { Env } from '../../env.ts'
import { dayInBudapest, isLocked, launchIsOver, SITE_SETTINGS_KEY } from '../site-values.ts'

/** What changing the site settings is given (site-settings.ts's store hands it over). */
export interface SiteSettingsCommandContext {
  db: Db
  env: Env
  now: () => Date
  /** The audit entry's actor (the signed-in admin) and where she asked from. */
  origin: AuditOrigin
  /** After commit: the process holds the new settings, and every other process hears of them. */
  saved: (settings: SiteSettingsInput) => void
}

/**
 * The owner changes the fields given (null: back to the default), in one transaction with its
 * audit entry; a field the operator locked, or a launch time already over, is refused and nothing
 * changes.
 */
export async function updateSiteSettings(
  { db, env, now, origin, saved }: SiteSettingsCommandContext,
  patch: SiteSettingsInput,
): Promise<void> {
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
      .values({ key: SITE_SETTINGS_KEY, value: {} })
      .onConflictDoNothing({ target: appSettings.key })
    const [row] = await tx
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SITE_SETTINGS_KEY))
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
      .where(eq(appSettings.key, SITE_SETTINGS_KEY))
    const shown = (values: SiteSettingsInput) =>
      Object.fromEntries(SITE_SETTING_FIELDS.map((field) => [field, values[field] ?? null]))
    return {
      result: after,
      audit: {
        action: 'settings.update' as const,
        subject: { type: 'setting' as const, id: SITE_SETTINGS_KEY, label: null },
        before: shown(before),
        after: shown(after),
      },
    }
  })
  saved(next)
}
