import { z } from 'zod'

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
  OFFICIAL_SITE_URL: z.url().default('https://lendulet.fit'),
  INSTAGRAM_URL: z.url().default('https://www.instagram.com/lendulet.fit'),
  APP_STORE_URL: z.url().default('https://apps.apple.com/hu/'),
  GOOGLE_PLAY_URL: z.url().default('https://play.google.com/store/apps'),
  PRIVACY_POLICY_URL: z.url().default('https://lendulet.fit/privacy-policy'),
  CONTACT_EMAIL: z.email().default('hello@lendulet.fit'),
})

export type Env = z.infer<typeof envSchema>

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
