import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import { requireAdmin } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { publicUrl, type Env } from '../env.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented } from '../http/openapi.ts'

/** What the admin's settings page shows: how this server is configured (never a secret). */
export function siteSettings(env: Env, database: 'pglite' | 'postgres') {
  const smtp = env.SMTP_URL ? new URL(env.SMTP_URL) : null
  return {
    publicUrl: publicUrl(env),
    email: smtp ? { mode: 'smtp' as const, host: smtp.hostname } : { mode: 'dev-mailbox' as const },
    mailFrom: env.MAIL_FROM,
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    database:
      database === 'postgres'
        ? { mode: 'postgres' as const }
        : { mode: 'pglite' as const, dataDir: env.DATA_DIR },
    adminEmails: env.ADMIN_EMAILS.length,
    mixerTimeMs: env.MIXER_TIME_MS,
    links: {
      officialSite: env.OFFICIAL_SITE_URL,
      instagram: env.INSTAGRAM_URL,
      appStore: env.APP_STORE_URL,
      googlePlay: env.GOOGLE_PLAY_URL,
      privacyPolicy: env.PRIVACY_POLICY_URL,
      contactEmail: env.CONTACT_EMAIL,
    },
  }
}
export type SiteSettings = ReturnType<typeof siteSettings>

const siteSettingsSchema = z.object({
  publicUrl: z.string(),
  email: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('smtp'), host: z.string() }),
    z.object({ mode: z.literal('dev-mailbox') }),
  ]),
  mailFrom: z.string(),
  googleSignIn: z.boolean(),
  database: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('postgres') }),
    z.object({ mode: z.literal('pglite'), dataDir: z.string() }),
  ]),
  adminEmails: z.number().int(),
  mixerTimeMs: z.number().int(),
  links: z.record(z.string(), z.string()),
})

/** GET /api/admin/settings (admins only). */
export function adminSettingsRoutes(auth: Auth, db: Db, settings: SiteSettings) {
  return new Hono<AppEnv>().get(
    '/',
    documented({
      summary: "The server's configuration",
      description:
        'What the admin settings page shows: addresses, e-mail mode, database, links. Never a secret.',
      tag: API_TAGS.admin,
      access: 'admin',
      responses: { 200: { description: 'The settings.', json: siteSettingsSchema } },
    }),
    requireAdmin(auth, db),
    (c) => c.json(settings),
  )
}
