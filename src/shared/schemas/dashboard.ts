import { z } from 'zod'
import { LANGUAGE_CODES } from '../languages.ts'

/**
 * What the newsletter's daily counters count (decision 0038): a confirmation; a confirmed
 * subscriber leaving the list (by any path: her link, her account, an admin); and a confirmed
 * subscriber whose language changed, counted out of the old one and into the new one.
 */
export const NEWSLETTER_COUNT_KINDS = [
  'confirmed',
  'unsubscribed',
  'language_out',
  'language_in',
] as const

/** The dashboard's time range: this week and the 3 or 11 before it, or everything. */
export const DASHBOARD_RANGES = ['4w', '12w', 'all'] as const
export type DashboardRange = (typeof DASHBOARD_RANGES)[number]

/** GET /api/admin/dashboard. */
export const dashboardQuerySchema = z.object({
  range: z.enum(DASHBOARD_RANGES, { message: 'rangeInvalid' }).default('12w'),
})
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>

const count = z.number().int().min(0)
/** One figure per week of `weeks`, oldest first. */
const weekly = z.array(count)

export const dashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** The Monday (Budapest) of each week in the range, YYYY-MM-DD, oldest first; this week last. */
  weeks: z.array(z.iso.date()),
  newsletter: z.object({
    /** Confirmed subscribers at the end of each week (this week: now), per language. */
    confirmed: z.array(z.object({ language: z.enum(LANGUAGE_CODES), weeks: weekly })),
    confirmations: weekly,
    unsubscribes: weekly,
    /** Addresses waiting for their confirmation link to be followed, now. */
    pending: count,
  }),
  /** The welcome series' e-mails in their order, each with how many went out in the range. */
  welcome: z.array(z.object({ position: count, delayDays: count, sent: count })),
  /** Campaigns that started sending in the range, oldest first. */
  campaigns: z.array(
    z.object({
      id: z.uuid(),
      subject: z.string(),
      startedAt: z.iso.datetime(),
      sent: count,
      failed: count,
      bounced: count,
      unsubscribed: count,
    }),
  ),
  /** Evenings that began in the range (not the ones still to come), oldest first. */
  evenings: z.array(
    z.object({
      id: z.uuid(),
      eventName: z.string(),
      startTime: z.iso.datetime(),
      /** When the host ended it; null while it runs. */
      endedAt: z.iso.datetime().nullable(),
      /** Held a place: registered, or came in without registering. */
      registered: count,
      /** Checked in at the door. */
      present: count,
      /** Held a place and never checked in. */
      absent: count,
      /**
       * No-shows its end recorded (decision 0091): held a place, not checked in when it ended, less
       * those the host cleared. 0 while it runs. Their share is of `registered`.
       */
      noShows: count,
      /** Sat at a table with someone she had not sat with at any earlier evening. */
      metSomeoneNew: count,
      /** Pairs who sat at one table there for the first time ever. */
      newPairs: count,
      /** Pairs who picked each other after it (klikks; a block ends one). */
      mutualKlikks: count,
      /** How it felt: members' answers, anonymous (no member is named with an answer). */
      feedback: z.object({
        answers: count,
        /** Of the ratings (1–5), to two decimals; null without answers. */
        average: z.number().min(1).max(5).nullable(),
        /** Each comment whole, sorted by its text. */
        comments: z.array(z.string()),
      }),
    }),
  ),
  members: z.object({ newAccounts: weekly }),
})
export type Dashboard = z.infer<typeof dashboardSchema>
