import { Hono } from 'hono'
import { z } from 'zod'
import { siteSettingsInputSchema, siteSettingsViewSchema } from '#shared/schemas/site-settings.ts'
import { auditOrigin } from '../audit/audit.ts'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { publicUrl, type Env } from '../env.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { splitSender } from '../mail/sender.ts'
import type { SiteSettingsStore } from './site-settings.ts'

/**
 * The operator's side of the settings page: how this server is configured (never a secret).
 * Read-only: these change in the server's environment.
 */
export function operatorFacts(env: Env, database: 'pglite' | 'postgres') {
  const smtp = env.SMTP_URL ? new URL(env.SMTP_URL) : null
  return {
    publicUrl: publicUrl(env),
    email: smtp ? { mode: 'smtp' as const, host: smtp.hostname } : { mode: 'dev-mailbox' as const },
    mailFrom: env.MAIL_FROM,
    /** The address e-mails come from (the owner sets only the name before it). */
    mailAddress: splitSender(env.MAIL_FROM).address,
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    database:
      database === 'postgres'
        ? { mode: 'postgres' as const }
        : { mode: 'pglite' as const, dataDir: env.DATA_DIR },
    adminEmails: env.ADMIN_EMAILS.length,
    mixerTimeMs: env.MIXER_TIME_MS,
    privacyPolicyUrl: env.PRIVACY_POLICY_URL,
    /** SETTINGS_LOCKED: the owner's settings the operator fixed. */
    lockedSettings: env.SETTINGS_LOCKED,
  }
}
export type OperatorFacts = ReturnType<typeof operatorFacts>

const operatorFactsSchema = z.object({
  publicUrl: z.string(),
  email: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('smtp'), host: z.string() }),
    z.object({ mode: z.literal('dev-mailbox') }),
  ]),
  mailFrom: z.string(),
  mailAddress: z.string(),
  googleSignIn: z.boolean(),
  database: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('postgres') }),
    z.object({ mode: z.literal('pglite'), dataDir: z.string() }),
  ]),
  adminEmails: z.number().int(),
  mixerTimeMs: z.number().int(),
  privacyPolicyUrl: z.string(),
  lockedSettings: z.array(z.string()),
})

const publicConfigSchema = z.object({
  officialSiteUrl: z.string(),
  instagramUrl: z.string(),
  appStoreUrl: z.string().meta({ description: "The app's App Store page; empty: none yet." }),
  googlePlayUrl: z.string().meta({ description: "The app's Google Play page; empty: none yet." }),
  privacyPolicyUrl: z.string(),
  contactEmail: z.string(),
  googleSignIn: z.boolean(),
  launch: z.object({
    date: z.string().meta({
      description:
        'When the site opens: none, a year (2027), a season (2027-spring), a month (2027-03) or a day (2027-03-15).',
    }),
    passed: z.boolean().meta({
      description: 'The time it names is over: the pages no longer name it.',
    }),
  }),
  footerYear: z.string(),
})

/** The page's settings, the operator's facts, and what public pages now show (the app's copy). */
const settingsPageSchema = z.object({
  site: siteSettingsViewSchema,
  operator: operatorFactsSchema,
  public: publicConfigSchema,
})

/** GET and PATCH /api/admin/settings (admins only). */
export function adminSettingsRoutes(
  auth: Auth,
  db: Db,
  operator: OperatorFacts,
  site: SiteSettingsStore,
) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The site's settings",
        description:
          "The settings the owner changes herself (each with its value, its default from the server's configuration, and whether it is set or locked), and the operator's read-only facts: addresses, e-mail mode, database. Never a secret.",
        tag: API_TAGS.admin,
        access: 'admin',
        responses: { 200: { description: 'The settings.', json: settingsPageSchema } },
      }),
      requireAdmin(auth, db),
      (c) => c.json({ site: site.view(), operator, public: site.publicConfig() }),
    )
    .patch(
      '/',
      documented({
        summary: "Change the site's settings",
        description:
          'Changes the fields sent (null puts one back to its default) and leaves the others. Applies at once, on every server process: the public pages show the new values on their next load. A field the operator locked (SETTINGS_LOCKED) is refused with 409 and nothing is changed. Audited.',
        tag: API_TAGS.admin,
        access: 'admin',
        responses: { 200: { description: 'The settings as saved.', json: settingsPageSchema } },
        errors: [400, 409],
      }),
      requireAdmin(auth, db),
      jsonBody(siteSettingsInputSchema, { messages: 'settings' }),
      async (c) => {
        const saved = await site.update(c.req.valid('json'), auditOrigin(c))
        return c.json({ site: saved, operator, public: site.publicConfig() })
      },
    )
}
