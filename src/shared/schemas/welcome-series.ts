import { z } from 'zod'
import { LANGUAGE_CODES, type Language } from '../languages.ts'
import { campaignContentSchema, campaignDraftSchema } from './campaigns.ts'

// The welcome series (issue 42 part 1, decision 0090): up to three e-mails written like a
// campaign, each sent to a new subscriber once, a number of days after she confirmed.

/** The places of the series' e-mails. */
export const WELCOME_POSITIONS = [1, 2, 3] as const
export type WelcomePosition = (typeof WELCOME_POSITIONS)[number]
/** The longest delay the owner may set: two months after her confirmation. */
export const WELCOME_DELAY_MAX_DAYS = 60

const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]])

/** PUT /api/admin/newsletter/welcome/emails/:position: one e-mail, complete or not. */
export const welcomeEmailDraftSchema = z.object({
  delayDays: z
    .number({ error: 'welcome.validation.delayInvalid' })
    .int({ error: 'welcome.validation.delayInvalid' })
    .min(0, { error: 'welcome.validation.delayInvalid' })
    .max(WELCOME_DELAY_MAX_DAYS, { error: 'welcome.validation.delayInvalid' }),
  content: campaignDraftSchema.shape.content,
})
export type WelcomeEmailDraft = z.infer<typeof welcomeEmailDraftSchema>

export const welcomePositionParamSchema = z.object({
  position: z.coerce
    .number()
    .int()
    .min(1)
    .max(WELCOME_POSITIONS.length)
    .transform((n) => n as WelcomePosition),
})

/** PUT /api/admin/newsletter/welcome/enabled */
export const welcomeSwitchSchema = z.object({ enabled: z.boolean() })

/**
 * POST …/welcome/include-earlier: `count` is the number the owner was shown and confirmed; a
 * different number now (someone confirmed or left meanwhile) still includes everyone.
 */
export const welcomeIncludeEarlierSchema = z.object({ count: z.number().int().min(0) })

/** POST …/welcome/emails/:position/test */
export const welcomeTestSchema = z.object({ language: languageSchema.default('hu') })

export const welcomeEmailSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  delayDays: z.number().int(),
  content: z.partialRecord(languageSchema, campaignContentSchema),
  updatedAt: z.iso.datetime(),
  /** How many went out so far (queued for sending, once each). */
  sent: z.number().int(),
})
export type WelcomeEmail = z.infer<typeof welcomeEmailSchema>

export const welcomeSeriesSchema = z.object({
  enabled: z.boolean(),
  /** When it was first turned on: who confirmed before gets it only if the owner includes them. */
  startedAt: z.iso.datetime().nullable(),
  earlierIncludedAt: z.iso.datetime().nullable(),
  /**
   * Confirmed subscribers who came before the series and are not in it: what the include button
   * would add (0 once they were included, or before the series was ever turned on).
   */
  earlierCount: z.number().int(),
  emails: z.array(welcomeEmailSchema),
})
export type WelcomeSeries = z.infer<typeof welcomeSeriesSchema>
