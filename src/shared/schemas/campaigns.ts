import { z } from 'zod'
import { LANGUAGE_CODES, type Language } from '../languages.ts'

// Newsletter campaigns (issue 11). Messages are keys in the `newsletter` namespace
// (campaigns.validation.*), so the editor and the server's answer say the same thing.

export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export const CAMPAIGN_SUBJECT_MAX_LENGTH = 200
/** Markdown characters per language: a long newsletter is ~10,000. */
export const CAMPAIGN_BODY_MAX_LENGTH = 50_000

const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]])

/** One language's version: both parts may be empty in a draft. */
export const campaignContentSchema = z.object({
  subject: z
    .string()
    .trim()
    .max(CAMPAIGN_SUBJECT_MAX_LENGTH, { error: 'campaigns.validation.subjectTooLong' })
    .default(''),
  body: z
    .string()
    .max(CAMPAIGN_BODY_MAX_LENGTH, { error: 'campaigns.validation.bodyTooLong' })
    .default(''),
})
export type CampaignContent = z.infer<typeof campaignContentSchema>

/** Member or not: a subscriber whose address belongs to an account is a member. */
export const AUDIENCE_MEMBERSHIPS = ['all', 'members', 'nonMembers'] as const
export type AudienceMembership = (typeof AUDIENCE_MEMBERSHIPS)[number]
/**
 * Whether she came to evenings: `cameWithin` (checked in at an evening that ended within the
 * last `months` months), `neverCame` (never checked in under an account of her address), or `all`.
 */
export const AUDIENCE_ATTENDANCES = ['all', 'cameWithin', 'neverCame'] as const
export type AudienceAttendance = (typeof AUDIENCE_ATTENDANCES)[number]
/** "Came in the last N months": N from 1 to 10 years. */
export const AUDIENCE_MONTHS_MAX = 120
export const AUDIENCE_MONTHS_DEFAULT = 6

const audienceMonthsSchema = z
  .number({ error: 'campaigns.validation.monthsInvalid' })
  .int({ error: 'campaigns.validation.monthsInvalid' })
  .min(1, { error: 'campaigns.validation.monthsInvalid' })
  .max(AUDIENCE_MONTHS_MAX, { error: 'campaigns.validation.monthsInvalid' })

/**
 * Who receives it (decision 0093): every confirmed subscriber, or those every chosen filter
 * holds for (they combine with AND). A language without its own version gets the Hungarian one
 * (SPEC: hu is the fallback). `months` counts only with `attendance: 'cameWithin'`.
 */
export const campaignAudienceSchema = z.object({
  languages: z
    .array(
      z.enum(LANGUAGE_CODES as [Language, ...Language[]], {
        error: 'campaigns.validation.languageUnknown',
      }),
      { error: 'campaigns.validation.languageUnknown' },
    )
    .max(LANGUAGE_CODES.length)
    .nullable()
    .default(null)
    .transform((list) => (list === null ? null : [...new Set(list)])),
  membership: z
    .enum(AUDIENCE_MEMBERSHIPS, { error: 'campaigns.validation.audienceInvalid' })
    .default('all'),
  attendance: z
    .enum(AUDIENCE_ATTENDANCES, { error: 'campaigns.validation.audienceInvalid' })
    .default('all'),
  months: audienceMonthsSchema.default(AUDIENCE_MONTHS_DEFAULT),
  /** Those who follow this series (decision 0088), or null. */
  seriesId: z.uuid({ error: 'campaigns.validation.seriesUnknown' }).nullable().default(null),
})
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>
export const EVERYONE: CampaignAudience = {
  languages: null,
  membership: 'all',
  attendance: 'all',
  months: AUDIENCE_MONTHS_DEFAULT,
  seriesId: null,
}

/**
 * GET …/campaigns/audience-count: the same audience as query parameters, for the editor's live
 * count (`languages` comma-separated; absent: every language). Checked as the audience is.
 */
const audienceQueryShape = z.object({
  languages: z.string().max(64).optional(),
  membership: z.string().max(32).optional(),
  attendance: z.string().max(32).optional(),
  months: z.string().max(8).optional(),
  seriesId: z.string().max(64).optional(),
})
type AudienceQuery = z.infer<typeof audienceQueryShape>

const parseAudienceQuery = (query: AudienceQuery) =>
  campaignAudienceSchema.safeParse({
    languages:
      query.languages === undefined
        ? null
        : query.languages.split(',').filter((code) => code !== ''),
    membership: query.membership,
    attendance: query.attendance,
    months: query.months === undefined ? undefined : Number(query.months),
    seriesId: query.seriesId || null,
  })

export const campaignAudienceQuerySchema = audienceQueryShape.superRefine((query, context) => {
  const parsed = parseAudienceQuery(query)
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
})

/** A checked query's audience (campaignAudienceQuerySchema has refused any other). */
export function audienceFromQuery(query: AudienceQuery): CampaignAudience {
  const parsed = parseAudienceQuery(query)
  if (!parsed.success) throw parsed.error
  return parsed.data
}

/** The audience as a campaign answers it: with the followed series' name, for the figures. */
export const campaignAudienceAnswerSchema = z.object({
  languages: z.array(languageSchema).nullable(),
  membership: z.enum(AUDIENCE_MEMBERSHIPS),
  attendance: z.enum(AUDIENCE_ATTENDANCES),
  months: z.number().int(),
  seriesId: z.uuid().nullable(),
  /** The series' (Hungarian) name; null when none is chosen or it was deleted. */
  seriesName: z.string().nullable(),
})
export type CampaignAudienceAnswer = z.infer<typeof campaignAudienceAnswerSchema>

/** POST /api/admin/newsletter/campaigns and PUT …/:id: a draft, complete or not. */
export const campaignDraftSchema = z.object({
  content: z.object({
    hu: campaignContentSchema.default({ subject: '', body: '' }),
    en: campaignContentSchema.optional(),
    es: campaignContentSchema.optional(),
    de: campaignContentSchema.optional(),
  }),
  audience: campaignAudienceSchema.default(EVERYONE),
})
export type CampaignDraft = z.infer<typeof campaignDraftSchema>

export type CampaignIssue = { path: (string | number)[]; message: CampaignValidationKey }
export type CampaignValidationKey =
  | 'campaigns.validation.subjectRequired'
  | 'campaigns.validation.bodyRequired'
  | 'campaigns.validation.noAudience'

/**
 * What a draft lacks before it can be sent or tested: the Hungarian subject and body, and each
 * other language's subject and body together or not at all. Paths as the editor's fields.
 */
export function readinessIssues(draft: CampaignDraft): CampaignIssue[] {
  const issues: CampaignIssue[] = []
  for (const language of LANGUAGE_CODES) {
    const version = draft.content[language]
    const subject = version?.subject.trim() ?? ''
    const body = version?.body.trim() ?? ''
    const required = language === 'hu' || subject !== '' || body !== ''
    if (!required) continue
    if (subject === '')
      issues.push({
        path: ['content', language, 'subject'],
        message: 'campaigns.validation.subjectRequired',
      })
    if (body === '')
      issues.push({
        path: ['content', language, 'body'],
        message: 'campaigns.validation.bodyRequired',
      })
  }
  if (draft.audience.languages !== null && draft.audience.languages.length === 0)
    issues.push({ path: ['audience', 'languages'], message: 'campaigns.validation.noAudience' })
  return issues
}

/** The languages with their own version (Hungarian always). */
export function campaignLanguages(draft: CampaignDraft): Language[] {
  return LANGUAGE_CODES.filter(
    (language) =>
      language === 'hu' ||
      ((draft.content[language]?.subject.trim() ?? '') !== '' &&
        (draft.content[language]?.body.trim() ?? '') !== ''),
  )
}

/** POST …/:id/send: now (no scheduledAt), or at a time in the future. */
export const campaignSendSchema = z.object({
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'campaigns.validation.scheduleInvalid' })
    .nullish(),
})

/** POST …/preview: how one language's version will look. */
export const campaignPreviewSchema = z.object({
  language: languageSchema,
  subject: campaignContentSchema.shape.subject,
  body: campaignContentSchema.shape.body,
  /** Whether the e-mail links to its page on the web (a campaign's); a welcome e-mail has none. */
  webVersion: z.boolean().default(true),
})

/** POST …/:id/test: a test to the admin's own address, in one language. */
export const campaignTestSchema = z.object({ language: languageSchema.default('hu') })

/** The figures of a campaign's sending. */
export const campaignStatsSchema = z.object({
  /** Recipients written when it started. */
  audience: z.number().int(),
  /** Not sent yet (waiting, or to be retried). */
  queued: z.number().int(),
  sent: z.number().int(),
  /** Given up after repeated temporary failures. */
  failed: z.number().int(),
  /** Refused for good (5xx): the subscriber gets no further campaigns. */
  bounced: z.number().int(),
  /** Left the newsletter through this campaign's link. */
  unsubscribed: z.number().int(),
})
export type CampaignStats = z.infer<typeof campaignStatsSchema>

export const campaignSummarySchema = z.object({
  id: z.uuid(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** The Hungarian subject (may be empty in a draft). */
  subject: z.string(),
  audience: campaignAudienceAnswerSchema,
  scheduledAt: z.iso.datetime().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  stats: campaignStatsSchema,
})
export type CampaignSummary = z.infer<typeof campaignSummarySchema>

/** A recipient the admin should know about: bounced or failed. */
export const campaignProblemSchema = z.object({
  email: z.string(),
  status: z.enum(['failed', 'bounced']),
  error: z.string().nullable(),
})

export const campaignSchema = campaignSummarySchema.extend({
  content: z.partialRecord(languageSchema, campaignContentSchema),
  /** Confirmed subscribers the audience matches now (before it starts), or null once started. */
  audienceEstimate: z.number().int().nullable(),
  /** Up to 100 bounced or failed recipients, newest first. */
  problems: z.array(campaignProblemSchema),
})
export type Campaign = z.infer<typeof campaignSchema>

/** GET /api/newsletter/issues/:id?lang=: hu, en, es or de (anything else: the usual choice). */
export const newsletterIssueQuerySchema = z.object({ lang: z.string().max(16).optional() })

/** GET /api/newsletter/issues/:id?lang=: the public web version of a sent issue. */
export const newsletterIssueSchema = z.object({
  id: z.uuid(),
  language: languageSchema,
  subject: z.string(),
  /** The body rendered from Markdown: safe HTML (no raw HTML, only http(s) and mailto links). */
  html: z.string(),
  sentAt: z.iso.datetime(),
})
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>

/**
 * GET /api/admin/newsletter/campaigns/:id/issue?lang=: the web version of any campaign, sent or
 * not, as its readers will see it (the link in an admin's test e-mail).
 */
export const newsletterIssuePreviewSchema = newsletterIssueSchema.extend({
  /** When it started going out; null while it has not. */
  sentAt: z.iso.datetime().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
})
export type NewsletterIssuePreview = z.infer<typeof newsletterIssuePreviewSchema>
