import { z } from 'zod'
import { parseLaunchDate } from '#shared/launch.ts'
import {
  FORMER_SETTING_LOCK_NAMES,
  SETTING_LOCK_NAMES,
  isAppStoreAppUrl,
  isGooglePlayAppUrl,
  type SettingLockName,
} from '#shared/schemas/site-settings.ts'

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** A retention period: whole days within bounds, with a message naming them. */
const days = (min: number, max: number, fallback: number) => {
  const error = `must be a whole number of days from ${min} to ${max}`
  return z.coerce
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback)
}

/** The only reader of process.env. Everything else receives a parsed Env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object a line, for machines. `pretty`: readable lines for a person. Unset:
   * pretty when the output is a terminal, JSON otherwise (logger.ts).
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Opens GET /metrics on the main port to `Authorization: Bearer <token>`. Without it (and
   * without METRICS_PORT) the main port has no /metrics.
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** A second port that serves only /metrics, without a token: for Prometheus on a private interface. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The interface METRICS_PORT listens on. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  OFFICIAL_SITE_URL: z.url().default('https://lendulet.fit'),
  INSTAGRAM_URL: z.url().default('https://www.instagram.com/lendulet.fit'),
  /** The app's own page in each store; without it, its badge is not shown. */
  APP_STORE_URL: z
    .string()
    .refine(isAppStoreAppUrl, {
      error: "must be the app's own page: https://apps.apple.com/<country>/app/<name>/id<number>",
    })
    .optional(),
  GOOGLE_PLAY_URL: z
    .string()
    .refine(isGooglePlayAppUrl, {
      error: "must be the app's own page: https://play.google.com/store/apps/details?id=<package>",
    })
    .optional(),
  /**
   * When the site opens, until the owner sets it on /admin/settings: `none`, a year (`2027`), a
   * season (`2027-spring`), a month (`2027-03`) or a day (`2027-03-15`). Decision 54.
   */
  LAUNCH_DATE: z
    .string()
    .refine((value) => parseLaunchDate(value) !== null, {
      error:
        'must be none, a year (2027), a season (2027-spring, -summer, -autumn, -winter), a month (2027-03) or a day (2027-03-15), from 2000 to 2100',
    })
    .default('2027'),
  PRIVACY_POLICY_URL: z.url().default('https://lendulet.fit/privacy-policy'),
  CONTACT_EMAIL: z.email().default('hello@lendulet.fit'),
  /**
   * Settings the site's owner may not change on /admin/settings: the values above (and MAIL_FROM's
   * name) then hold. Comma-separated names: contactEmail, officialSiteUrl, instagramUrl,
   * appStoreUrl, googlePlayUrl, mailSenderName, launchDate, footerYear; or `all`. `launchLine`,
   * the name before launchDate, still locks it.
   */
  SETTINGS_LOCKED: z
    .string()
    .default('')
    .transform(commaList)
    .transform((names) => names.map((name) => FORMER_SETTING_LOCK_NAMES[name] ?? name))
    .pipe(
      z.array(
        z.enum([...SETTING_LOCK_NAMES, 'all'], {
          error: `must name settings: ${SETTING_LOCK_NAMES.join(', ')}, or all`,
        }),
      ),
    )
    .transform((names): SettingLockName[] =>
      names.includes('all')
        ? [...SETTING_LOCK_NAMES]
        : names.filter((name): name is SettingLockName => name !== 'all'),
    ),
  /** The address users reach the site at; links in e-mails point here. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Signs sessions and tokens. Without it one is generated once and kept in the database. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp://user:pass@host:port (or smtps://). Without it e-mails go to the log and the dev mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lendület <hello@lendulet.fit>'),
  /**
   * Postmark's bounce and complaint webhook: `user:password` of the basic auth in its URL. Without
   * it /api/mail-webhooks/postmark refuses every report (docs/operations.md).
   */
  POSTMARK_WEBHOOK_AUTH: z
    .string()
    .regex(/^[^:]{3,}:.{16,}$/, 'must be user:password, the password at least 16 characters')
    .transform((value) => {
      const at = value.indexOf(':')
      return { user: value.slice(0, at), password: value.slice(at + 1) }
    })
    .optional(),
  /** Mailgun's "HTTP webhook signing key", for /api/mail-webhooks/mailgun. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Signs bounce and complaint reports in our own format, for /api/mail-webhooks/signed. */
  MAIL_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Newsletter campaign e-mails per minute, across all server processes (mail providers' sending
   * limits); 0 sends as fast as the SMTP server takes them.
   */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * How many hours before an event starts its members get a reminder e-mail (1–168); 0 sends none.
   */
  EVENT_REMINDER_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  /** For provisioning scripts: the first-admin setup token to use instead of a random one. */
  ADMIN_SETUP_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Comma-separated addresses that are admins as soon as the address is confirmed (provisioning). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * How many days audit log entries are kept (30 days to 10 years); the hourly janitor deletes
   * older ones. The privacy policy names the default, two years.
   */
  AUDIT_RETENTION_DAYS: days(30, 3650, 730),
  /**
   * How many days a newsletter sign-up never confirmed is kept after it was last asked for (2–14):
   * not less than its link lives (48 h). The privacy policy names the default, 48 hours.
   */
  PENDING_SUBSCRIPTION_RETENTION_DAYS: days(2, 14, 2),
  /**
   * How many days an account whose address was never confirmed is kept (2–90): not less than
   * its link lives (24 h). The privacy policy names the default, 14 days.
   */
  UNVERIFIED_ACCOUNT_RETENTION_DAYS: days(2, 90, 14),
  /**
   * How many days a sent e-mail's content (its links and their tokens) is kept (1–30); who got
   * what and when stays for EMAIL_RECORD_RETENTION_DAYS. The privacy policy names the default.
   */
  EMAIL_BODY_RETENTION_DAYS: days(1, 30, 7),
  /**
   * How many days the record of a sent e-mail (address, kind, subject, language, dates) is kept
   * (30 days to 10 years). The privacy policy names the default, one year.
   */
  EMAIL_RECORD_RETENTION_DAYS: days(30, 3650, 365),
  /** How long a client may take to send a whole request (headers: at most 10 s of it), in ms. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** How long the mixing engine may search for a round's seating, in ms. */
  MIXER_TIME_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  /** The mobile apps' own Google client ids (iOS, Android), whose ID tokens also sign in. */
  GOOGLE_NATIVE_CLIENT_IDS: z.string().default('').transform(commaList),
  /**
   * Origins (`https://app.example.com`) of other sites whose pages may call the API from a
   * browser, with bearer tokens. Every other foreign page is refused.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform(commaList)
    .pipe(
      z.array(
        z
          .url()
          .refine((url) => new URL(url).origin === url.replace(/\/+$/, ''), 'must be origins only')
          .transform((url) => new URL(url).origin),
      ),
    ),
  /**
   * How many reverse proxies in front append to X-Forwarded-For: `false` (none: the socket
   * address is the client), `true` (one), or a number of proxies in a chain (0–10).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxies')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .pipe(z.number().int().max(10, 'must be at most 10 proxies'))
    .default(0),
})

export type Env = z.infer<typeof envSchema>

/** The site's public origin, without a trailing slash. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
}

/** Parses an environment; blank values count as unset so `FOO=` falls back to the default. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  return envSchema.parse(cleaned)
}

/** Reads process.env, or prints every problem and exits. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (error instanceof z.ZodError) {
      console.error('Invalid configuration:')
      for (const issue of error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`)
      process.exit(1)
    }
    throw error
  }
}
