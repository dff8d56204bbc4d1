import { z } from 'zod'
import { NEWSLETTER_NAME_MAX_LENGTH } from '../constants.ts'

/** SPEC section 3: the address is lower-cased and trimmed before anything else. */
export const newsletterEmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254))

export const NEWSLETTER_SOURCES = ['landing', 'account-menu'] as const

/** POST /api/newsletter/subscribe. The name is required only when signed out (checked by the handler). */
export const subscribeRequestSchema = z.object({
  email: z.string(),
  name: z.string().trim().max(NEWSLETTER_NAME_MAX_LENGTH).nullish(),
  source: z.enum(NEWSLETTER_SOURCES).default('landing'),
})

/** POST /api/newsletter/unsubscribe. */
export const unsubscribeRequestSchema = z.object({ email: z.string() })

/** POST /api/newsletter/verify and /verify-unsubscribe. */
export const newsletterTokenSchema = z.object({ token: z.string().min(1).max(200) })

/** `bounced`: those the newsletter no longer goes to after a bounce (decision 83). */
export const SUBSCRIBER_FILTERS = ['all', 'verified', 'pending', 'bounced'] as const
export const SUBSCRIBERS_PAGE_SIZE = 50

/** GET /api/admin/newsletter (and its CSV export, which ignores the page). */
export const subscribersQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  status: z.enum(SUBSCRIBER_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>

/** Why an address gets no newsletter (decision 83); the database's names. */
export const SUPPRESSION_REASONS = ['hard_bounce', 'soft_bounces', 'complaint'] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

/** GET /api/admin/newsletter/suppressions: searched by address, one page. */
export const suppressionsQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type SuppressionsQuery = z.infer<typeof suppressionsQuerySchema>

/** An address that gets no newsletter, and why. */
export const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** Who reported it: our own SMTP hand-over, or a provider's webhook. */
  source: z.string(),
  detail: z.string().nullable(),
  at: z.iso.datetime(),
  /** Whether the address still has a subscription (a complaint ends it). */
  subscribed: z.boolean(),
})
export type Suppression = z.infer<typeof suppressionSchema>
