import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseEnv } from './env.ts'

/** The first problem parseEnv finds, as loadEnv prints it. */
function envProblem(source: Record<string, string>) {
  try {
    parseEnv(source)
  } catch (error) {
    if (error instanceof z.ZodError) {
      const [issue] = error.issues
      return issue && { path: issue.path, message: issue.message }
    }
    throw error
  }
  return undefined
}

describe('parseEnv', () => {
  it('starts on port 3000 with the embedded database in ./data when nothing is set', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it("takes a launch date and the app's own store pages, and names what is wrong with them", () => {
    const env = parseEnv({})
    expect(env.LAUNCH_DATE).toBe('2027')
    expect(env.APP_STORE_URL).toBeUndefined()
    expect(env.GOOGLE_PLAY_URL).toBeUndefined()
    expect(parseEnv({ LAUNCH_DATE: '2027-spring' }).LAUNCH_DATE).toBe('2027-spring')
    expect(envProblem({ LAUNCH_DATE: 'spring 2027' })).toMatchObject({
      path: ['LAUNCH_DATE'],
      message: expect.stringMatching(/2027-spring/),
    })
    // A store's front page is not the app's page.
    expect(envProblem({ APP_STORE_URL: 'https://apps.apple.com/hu/' })).toMatchObject({
      path: ['APP_STORE_URL'],
    })
    expect(envProblem({ GOOGLE_PLAY_URL: 'https://play.google.com/store/apps' })).toMatchObject({
      path: ['GOOGLE_PLAY_URL'],
    })
    // The lock's name before the launch date was one setting still locks it.
    expect(parseEnv({ SETTINGS_LOCKED: 'launchLine,footerYear' }).SETTINGS_LOCKED).toEqual([
      'launchDate',
      'footerYear',
    ])
  })

  it('treats blank values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '  ' })
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('reads numbers and URLs', () => {
    const env = parseEnv({ PORT: '8080', DATABASE_URL: 'postgres://u@localhost:5432/app' })
    expect(env.PORT).toBe(8080)
    expect(env.DATABASE_URL).toBe('postgres://u@localhost:5432/app')
  })

  it('counts the trusted proxies: false, true (one) or a number', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(() => parseEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/)
  })

  it('reminds 24 hours ahead by default; 0 turns reminders off; at most a week', () => {
    expect(parseEnv({}).EVENT_REMINDER_HOURS).toBe(24)
    expect(parseEnv({ EVENT_REMINDER_HOURS: '0' }).EVENT_REMINDER_HOURS).toBe(0)
    expect(parseEnv({ EVENT_REMINDER_HOURS: '168' }).EVENT_REMINDER_HOURS).toBe(168)
    for (const wrong of ['169', '-1', '1.5', 'soon'])
      expect(() => parseEnv({ EVENT_REMINDER_HOURS: wrong })).toThrow(/EVENT_REMINDER_HOURS/)
  })

  it('keeps audit entries two years by default, between 30 days and 10 years', () => {
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(730)
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30)
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '3650' }).AUDIT_RETENTION_DAYS).toBe(3650)
    for (const wrong of ['29', '3651', '0', '1.5', 'forever'])
      expect(() => parseEnv({ AUDIT_RETENTION_DAYS: wrong })).toThrow(/AUDIT_RETENTION_DAYS/)
  })

  it("keeps each kind of data its own period: the privacy policy's defaults, within bounds", () => {
    expect(parseEnv({})).toMatchObject({
      PENDING_SUBSCRIPTION_RETENTION_DAYS: 2,
      UNVERIFIED_ACCOUNT_RETENTION_DAYS: 14,
      EMAIL_BODY_RETENTION_DAYS: 7,
      EMAIL_RECORD_RETENTION_DAYS: 365,
    })
    const bounds = {
      PENDING_SUBSCRIPTION_RETENTION_DAYS: [2, 14],
      UNVERIFIED_ACCOUNT_RETENTION_DAYS: [2, 90],
      EMAIL_BODY_RETENTION_DAYS: [1, 30],
      EMAIL_RECORD_RETENTION_DAYS: [30, 3650],
    } as const
    for (const [name, [min, max]] of Object.entries(bounds)) {
      expect(parseEnv({ [name]: String(min) })[name as keyof typeof bounds]).toBe(min)
      expect(parseEnv({ [name]: String(max) })[name as keyof typeof bounds]).toBe(max)
      // loadEnv prints each problem as `NAME: message`.
      for (const wrong of [String(min - 1), String(max + 1), '1.5', 'forever']) {
        const problem = envProblem({ [name]: wrong })
        expect(problem).toEqual({
          path: [name],
          message: `must be a whole number of days from ${min} to ${max}`,
        })
      }
    }
  })

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/)
    expect(() => parseEnv({ INSTAGRAM_URL: 'not a url' })).toThrow(/INSTAGRAM_URL/)
  })
})
