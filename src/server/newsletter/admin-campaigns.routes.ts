import { Hono } from 'hono'
import { z } from 'zod'
import {
  campaignDraftSchema,
  campaignPreviewSchema,
  campaignSchema,
  campaignSendSchema,
  campaignStatsSchema,
  campaignSummarySchema,
  campaignTestSchema,
  CAMPAIGN_STATUSES,
  newsletterIssuePreviewSchema,
  newsletterIssueQuerySchema,
} from '#shared/schemas/campaigns.ts'
import type { Auth } from '../auth/auth.ts'
import { accessStillHolds, requireAdmin } from '../auth/session.ts'
import { eq } from 'drizzle-orm'
import type { AuditAction } from '#shared/audit.ts'
import type { Campaign } from '#shared/schemas/campaigns.ts'
import { audited, auditOrigin } from '../audit/audit.ts'
import type { Db, Tx } from '../db/client.ts'
import { newsletterCampaigns } from '../db/schema/campaigns.ts'
import type { Language } from '#shared/languages.ts'
import { DomainError } from '../domain-error.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { queryParams } from '../http/query-params.ts'
import { emailTranslator } from '../i18n.ts'
import { changesStream } from '../live/live.routes.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { siteLink } from '../mail/site-link.ts'
import { campaignEmail, personalise } from './campaign-content.ts'
import {
  campaignProgress,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  issuePreview,
  listCampaigns,
  pauseCampaign,
  readinessFields,
  resumeCampaign,
  sendCampaign,
  storedDraft,
  unscheduleCampaign,
  updateCampaign,
} from './campaigns.ts'

export interface CampaignRoutesDeps {
  db: Db
  auth: Auth
  hub: LiveHub
  /** The progress stream's heartbeat and access check (LiveDeps). */
  heartbeatMs?: number
  baseUrl: string
  /** A campaign may be due now (sent, resumed): the mail worker looks at once. */
  wakeSender: () => void
}

/** The live hub's key for one campaign's progress. */
export const campaignKey = (id: string) => `campaign:${id}`

const doc = (d: Omit<RouteDoc, 'tag' | 'access'>) =>
  documented({ ...d, tag: API_TAGS.adminNewsletter, access: 'admin' })
const campaignAnswer = (description: string) => ({ 200: { description, json: campaignSchema } })
const ids = pathIds({ id: PATH_IDS.campaign })

const campaignSubject = (campaign: Campaign) =>
  ({ type: 'campaign', id: campaign.id, label: campaign.subject || null }) as const

/** What an entry shows of a campaign: its state, audience and every version's text. */
function campaignValues(campaign: Campaign): Record<string, unknown> {
  const versions = Object.entries(campaign.content).flatMap(([language, version]) => [
    [`subject_${language}`, version.subject],
    [`body_${language}`, version.body],
  ])
  return {
    status: campaign.status,
    scheduledAt: campaign.scheduledAt,
    audienceLanguages: campaign.audience.languages,
    ...Object.fromEntries(versions),
  }
}

export const campaignProgressSchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  stats: campaignStatsSchema,
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
})

/** /api/admin/newsletter/campaigns: write, test, schedule, send and follow newsletter issues. */
export function adminCampaignsRoutes({
  db,
  auth,
  hub,
  heartbeatMs,
  baseUrl,
  wakeSender,
}: CampaignRoutesDeps) {
  const changed = (id: string) => hub.changed(campaignKey(id))

  /**
   * A change to a campaign and its audit entry, in one transaction. The campaign's row is locked
   * first, so the entry's "before" is what the change changed.
   */
  const auditedCampaign = <T>(
    c: Parameters<typeof auditOrigin>[0],
    id: string,
    action: AuditAction,
    work: (tx: Tx) => Promise<T>,
  ) =>
    audited(db, auditOrigin(c), async (tx) => {
      await tx
        .select({ id: newsletterCampaigns.id })
        .from(newsletterCampaigns)
        .where(eq(newsletterCampaigns.id, id))
        .for('update')
      const before = await getCampaign(tx, id)
      const result = await work(tx)
      const after = action === 'campaign.delete' ? null : await getCampaign(tx, id)
      return {
        result,
        audit: {
          action,
          subject: campaignSubject(before),
          before: campaignValues(before),
          after: after && campaignValues(after),
        },
      }
    })

  /** The version in `language` (or the Hungarian one), marked as a test, to the admin herself. */
  const sendTest = async (tx: Tx, id: string, language: Language, to: string) => {
    const draft = await readyDraftFor(tx, id, language)
    const own = draft.content[language]
    const shown = own && own.subject.trim() && own.body.trim() ? language : 'hu'
    const version = draft.content[shown] ?? { subject: '', body: '' }
    const email = personalise(
      campaignEmail({
        language: shown,
        subject: `${emailTranslator(shown)('campaign.testPrefix')} ${version.subject}`,
        body: version.body,
        // Its public page exists once it is sent: until then the admin's own preview of it.
        webUrl: siteLink(baseUrl, `/admin/newsletter/campaigns/${id}/preview`, shown),
        baseUrl,
      }),
      siteLink(baseUrl, '/newsletter/unsubscribe', shown),
    )
    const queued = await enqueueEmail(tx, {
      kind: `campaign-test-${shown}`,
      to,
      language: shown,
      ...email,
    })
    if (!queued)
      throw new ApiError(429, 'too_many_requests', 'newsletter:campaigns.errors.testTooSoon')
  }

  return new Hono<AppEnv>()
    .use(requireAdmin(auth, db))
    .get(
      '/',
      doc({
        summary: 'Campaigns',
        description: 'Every campaign, newest first, with its figures.',
        responses: {
          200: {
            description: 'The campaigns.',
            json: z.object({ campaigns: z.array(campaignSummarySchema) }),
          },
        },
      }),
      async (c) => c.json({ campaigns: await listCampaigns(db) }),
    )
    .post(
      '/',
      doc({
        summary: 'Start a campaign (a draft)',
        description: 'A draft may be incomplete; it is checked when it is sent or tested.',
        responses: { 201: { description: 'The draft.', json: campaignSchema } },
        errors: [400],
      }),
      jsonBody(campaignDraftSchema, { messages: 'newsletter' }),
      async (c) => {
        const campaign = await audited(db, auditOrigin(c), async (tx) => {
          const created = await createCampaign(tx, c.req.valid('json'), c.var.user?.id ?? null)
          return {
            result: created,
            audit: {
              action: 'campaign.create',
              subject: campaignSubject(created),
              after: campaignValues(created),
            },
          }
        })
        c.var.log.info({ campaignId: campaign.id, by: c.var.user?.id }, 'campaign drafted')
        return c.json(campaign, 201)
      },
    )
    .post(
      '/preview',
      doc({
        summary: 'Preview an e-mail',
        description:
          'One language version as the e-mail will look: the whole HTML document and its plain-text part.',
        responses: {
          200: {
            description: 'The rendered e-mail.',
            json: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
          },
        },
        errors: [400],
      }),
      jsonBody(campaignPreviewSchema, { messages: 'newsletter' }),
      (c) => {
        const { language, subject, body } = c.req.valid('json')
        const email = campaignEmail({
          language,
          subject,
          body,
          // The issue has no public page before it is sent.
          webUrl: '#',
          baseUrl,
        })
        return c.json(personalise(email, siteLink(baseUrl, '/newsletter/unsubscribe', language)))
      },
    )
    .get(
      '/:id',
      doc({ summary: 'A campaign', responses: campaignAnswer('The campaign.'), errors: [404] }),
      ids,
      async (c) => c.json(await getCampaign(db, c.req.valid('param').id)),
    )
    .get(
      '/:id/issue',
      doc({
        summary: 'Preview the web version',
        description:
          "The campaign's web version as its readers will see it, sent or not (what is saved now), in the language asked for (`?lang=` or Accept-Language), or in Hungarian when it has no version in it. The link in a test e-mail leads to the page that shows it. Its body is HTML made from the Markdown, as on the public page.",
        responses: {
          200: { description: 'The web version.', json: newsletterIssuePreviewSchema },
        },
        errors: [404],
      }),
      ids,
      queryParams(newsletterIssueQuerySchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store')
        return c.json(await issuePreview(db, c.req.valid('param').id, c.var.language))
      },
    )
    .put(
      '/:id',
      doc({
        summary: 'Save a draft',
        responses: campaignAnswer('The draft.'),
        errors: [400, 404, 409],
      }),
      ids,
      jsonBody(campaignDraftSchema, { messages: 'newsletter' }),
      async (c) => {
        const { id } = c.req.valid('param')
        const draft = c.req.valid('json')
        return c.json(
          await auditedCampaign(c, id, 'campaign.update', (tx) => updateCampaign(tx, id, draft)),
        )
      },
    )
    .delete(
      '/:id',
      doc({
        summary: 'Delete a draft',
        responses: {
          200: { description: 'Deleted.', json: z.object({ deleted: z.literal(true) }) },
        },
        errors: [404, 409],
      }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        await auditedCampaign(c, id, 'campaign.delete', async (tx) => {
          await deleteCampaign(tx, id)
          return null
        })
        return c.json({ deleted: true as const })
      },
    )
    .post(
      '/:id/test',
      doc({
        summary: 'Send a test to yourself',
        description:
          "The version in `language` (the Hungarian one when it has none), to the admin's own address, subject marked as a test. Once a minute per language.",
        responses: {
          200: { description: 'On its way.', json: z.object({ sentTo: z.string() }) },
        },
        errors: [400, 404, 429],
      }),
      ids,
      jsonBody(campaignTestSchema, { messages: 'newsletter' }),
      async (c) => {
        const { id } = c.req.valid('param')
        const { language } = c.req.valid('json')
        const to = c.var.user?.email ?? ''
        await auditedCampaign(c, id, 'campaign.test', async (tx) => {
          await sendTest(tx, id, language, to)
          return null
        })
        wakeSender()
        return c.json({ sentTo: to })
      },
    )
    .post(
      '/:id/send',
      doc({
        summary: 'Send or schedule',
        description:
          'Without `scheduledAt` the campaign starts at once; with it, at that time (in the future). Only a complete draft with a non-empty audience can go.',
        responses: campaignAnswer('Sending, or scheduled.'),
        errors: [400, 404, 409],
      }),
      ids,
      jsonBody(campaignSendSchema, { messages: 'newsletter' }),
      async (c) => {
        const { id } = c.req.valid('param')
        const { scheduledAt } = c.req.valid('json')
        const action = scheduledAt ? 'campaign.schedule' : 'campaign.send'
        const campaign = await auditedCampaign(c, id, action, (tx) =>
          sendCampaign(tx, id, { scheduledAt: scheduledAt ? new Date(scheduledAt) : null }),
        )
        c.var.log.info(
          { campaignId: id, scheduledAt: campaign.scheduledAt, by: c.var.user?.id },
          campaign.status === 'scheduled' ? 'campaign scheduled' : 'campaign started',
        )
        changed(id)
        // After the answer is on its way: the start's first statements would hold it back.
        setImmediate(wakeSender)
        return c.json(campaign)
      },
    )
    .post(
      '/:id/unschedule',
      doc({
        summary: 'Unschedule',
        description: 'A scheduled campaign goes back to being a draft.',
        responses: campaignAnswer('The draft.'),
        errors: [404, 409],
      }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        const campaign = await auditedCampaign(c, id, 'campaign.unschedule', (tx) =>
          unscheduleCampaign(tx, id),
        )
        changed(id)
        return c.json(campaign)
      },
    )
    .post(
      '/:id/pause',
      doc({
        summary: 'Pause sending',
        description: 'No further e-mail of it goes out until it is resumed (within a second).',
        responses: campaignAnswer('Paused.'),
        errors: [404, 409],
      }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        const campaign = await auditedCampaign(c, id, 'campaign.pause', (tx) =>
          pauseCampaign(tx, id),
        )
        c.var.log.info({ campaignId: id, by: c.var.user?.id }, 'campaign paused')
        changed(id)
        return c.json(campaign)
      },
    )
    .post(
      '/:id/resume',
      doc({ summary: 'Resume sending', responses: campaignAnswer('Sending.'), errors: [404, 409] }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        const campaign = await auditedCampaign(c, id, 'campaign.resume', (tx) =>
          resumeCampaign(tx, id),
        )
        c.var.log.info({ campaignId: id, by: c.var.user?.id }, 'campaign resumed')
        changed(id)
        wakeSender()
        return c.json(campaign)
      },
    )
    .post(
      '/:id/cancel',
      doc({
        summary: 'Cancel',
        description: 'Stops it for good; e-mails not sent yet are not sent.',
        responses: campaignAnswer('Cancelled.'),
        errors: [404, 409],
      }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        const campaign = await auditedCampaign(c, id, 'campaign.cancel', (tx) =>
          cancelCampaign(tx, id),
        )
        c.var.log.info({ campaignId: id, by: c.var.user?.id }, 'campaign cancelled')
        changed(id)
        return c.json(campaign)
      },
    )
    .get(
      '/:id/live',
      doc({
        summary: 'Follow the sending',
        description:
          'Server-sent events: `hello` first, then `progress` (`{ status, stats, startedAt, finishedAt }`) at once and whenever it changes. Reconnect after 2 s.',
        responses: {
          200: {
            description: 'The stream.',
            media: 'text/event-stream',
            schema: { type: 'string' },
          },
        },
        errors: [404],
      }),
      ids,
      async (c) => {
        const { id } = c.req.valid('param')
        if (!(await campaignProgress(db, id))) throw new DomainError('campaignNotFound')
        return changesStream(c, {
          hub,
          heartbeatMs,
          kind: 'campaign',
          key: campaignKey(id),
          event: 'progress',
          stillAllowed: accessStillHolds(auth, db, c.req.raw.headers, { admin: true }),
          read: async () => {
            const progress = await campaignProgress(db, id)
            return progress ? JSON.stringify(progress) : undefined
          },
        })
      },
    )
}

/**
 * The stored draft, ready for a test in one language: that version, or the Hungarian one it
 * falls back to, complete. The other languages and the audience may still be unfinished.
 */
async function readyDraftFor(db: Db | Tx, id: string, language: Language) {
  const draft = await storedDraft(db, id)
  const fields = Object.entries(readinessFields(draft) ?? {}).filter(
    ([field]) => field.startsWith(`content.${language}.`) || field.startsWith('content.hu.'),
  )
  if (fields.length > 0) throw new DomainError('campaignNotReady', Object.fromEntries(fields))
  return draft
}
