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

/**
 * Who receives it: every confirmed subscriber, or those of the listed languages. A language
 * without its own version gets the Hungarian one (SPEC: hu is the fallback).
 */
export const campaignAudienceSchema = z.object({
  languages: z
    .array(languageSchema)
    .max(LANGUAGE_CODES.length)
    .nullable()
    .default(null)
    .transform((list) => (list === null ? null : [...new Set(list)])),
})
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>

/** POST /api/admin/newsletter/campaigns and PUT …/:id: a draft, complete or not. */
export const campaignDraftSchema = z.object({
  content: z.object({
    hu: campaignContentSchema.default({ subject: '', body: '' }),
    en: campaignContentSchema.optional(),
    es: campaignContentSchema.optional(),
    de: campaignContentSchema.optional(),
  }),
  audience: campaignAudienceSchema.default({ languages: null }),
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
  audience: z.object({ languages: z.array(languageSchema).nullable() }),
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
