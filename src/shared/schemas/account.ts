import { z } from 'zod'
import { LANGUAGE_CODES } from '../languages.ts'

/** GET /api/me, PATCH /api/me: the signed-in member's account and profile. */
export const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    /** Her full name as lists show it, composed from the two parts below (decision 55). */
    fullName: z.string(),
    /**
     * What she is called ("Szia, Réka!"). Null on an account from before names had two parts,
     * which holds only `fullName` until she gives it.
     */
    givenName: z.string().nullable(),
    familyName: z.string().nullable(),
    isAdmin: z.boolean(),
    /** Two-step sign-in (an authenticator app's code after the password) is on. */
    twoFactorEnabled: z.boolean(),
    avatarUrl: z.string().nullable(),
    /** Shown at the door: the host checks her in with it. */
    userCode: z.string(),
    language: z.enum(LANGUAGE_CODES),
    /** Whether she shows in other members' "people you met" lists. */
    peopleMetVisible: z.boolean(),
    /** Whether she gets a reminder e-mail before the events she has a place at. */
    eventReminders: z.boolean(),
    /** The running event she is checked in to (her table is on its live stream), if any. */
    liveEventId: z.string().nullable(),
  })
  .meta({ id: 'Me' })

/** GET /api/session: who is signed in, if anyone. */
export const sessionSchema = z.object({ me: meSchema.nullable() })

export const avatarSchema = z.object({ avatarUrl: z.string().nullable() })

/** GET /api/account/sign-in-methods: how she confirms an account deletion. */
export const signInMethodsSchema = z.object({ password: z.boolean(), google: z.boolean() })

/** One signed-in device or browser on the account page. */
export const deviceSessionSchema = z
  .object({
    id: z.string(),
    /** The device's own description of itself (its User-Agent), as it signed in. */
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** When the session was last renewed (at most a day old while it is in use). */
    updatedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'DeviceSession' })
export type DeviceSession = z.infer<typeof deviceSessionSchema>

/** GET /api/account/sessions: newest first. */
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) })
