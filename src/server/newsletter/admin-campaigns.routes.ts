import { Hono } from 'hono'
import { z } from 'zod'
import {
  audienceFromQuery,
  campaignAudienceQuerySchema,
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
import { auditOrigin } from '../audit/audit.ts'
import type { Db } from '../db/client.ts'
import { DomainError } from '../domain-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { API_TAGS, documented, type RouteDoc } from '../http/openapi.ts'
import { jsonBody } from '../http/parse-json.ts'
import { PATH_IDS, pathIds } from '../http/path-ids.ts'
import { queryParams } from '../http/query-params.ts'
import { changesStream } from '../live/live.routes.ts'
import type { LiveHub } from '../live/live-hub.ts'
import { siteLink } from '../mail/site-link.ts'
import { campaignEmail, personalise } from './campaign-content.ts'
import {
  campaignProgress,
  countAudience,
  getCampaign,
  issuePreview,
  listCampaigns,
} from './campaigns.ts'
import type { CampaignCommandContext } from './commands/campaign-command.ts'
import { cancelCampaign } from './commands/cancel-campaign.ts'
import { createCampaign } from './commands/create-campaign.ts'
import { deleteCampaign } from './commands/delete-campaign.ts'
import { pauseCampaign } from './commands/pause-campaign.ts'
import { resumeCampaign } from './commands/resume-campaign.ts'
import { scheduleCampaign } from './commands/schedule-campaign.ts'
import { sendCampaignNow } from './commands/send-campaign-now.ts'
import { testSendCampaign } from './commands/test-send-campaign.ts'
import { unscheduleCampaign } from './commands/unschedule-campaign.ts'
import { updateCampaign } from './commands/update-campaign.ts'

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
  /** Who asks (the audit's actor) and what happens after a change commits. */
  const command = (c: Parameters<typeof auditOrigin>[0]): CampaignCommandContext => ({
    db,
    origin: auditOrigin(c),
    log: c.var.log,
    changed: (id) => hub.changed(campaignKey(id)),
    wakeSender,
  })

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
      async (c) =>
        c.json(await createCampaign(command(c), c.req.valid('json'), c.var.user?.id ?? null), 201),
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
        const { language, subject, body, webVersion } = c.req.valid('json')
        const email = campaignEmail({
          language,
          subject,
          body,
          // The issue has no public page before it is sent; a welcome e-mail never has one.
          webUrl: webVersion ? '#' : null,
          baseUrl,
        })
        return c.json(personalise(email, siteLink(baseUrl, '/newsletter/unsubscribe', language)))
      },
    )
    .get(
      '/audience-count',
      doc({
        summary: 'Count an audience',
        description:
          'How many confirmed, mailable subscribers an audience holds now (decision 0093): the editor shows it as the filters change. `languages` is a comma-separated list (absent: every language); `attendance=cameWithin` counts those checked in at an evening that ended within the last `months` months. The filters combine with AND.',
        responses: {
          200: { description: 'The count.', json: z.object({ count: z.number().int() }) },
        },
        errors: [400],
      }),
      queryParams(campaignAudienceQuerySchema, { messages: 'newsletter' }),
      async (c) =>
        c.json({ count: await countAudience(db, audienceFromQuery(c.req.valid('query'))) }),
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
      async (c) =>
        c.json(await updateCampaign(command(c), c.req.valid('param').id, c.req.valid('json'))),
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
        await deleteCampaign(command(c), c.req.valid('param').id)
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
      async (c) =>
        c.json(
          await testSendCampaign({ ...command(c), baseUrl }, c.req.valid('param').id, {
            language: c.req.valid('json').language,
            to: c.var.user?.email ?? '',
          }),
        ),
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
        return c.json(
          scheduledAt
            ? await scheduleCampaign(command(c), id, new Date(scheduledAt))
            : await sendCampaignNow(command(c), id),
        )
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
      async (c) => c.json(await unscheduleCampaign(command(c), c.req.valid('param').id)),
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
      async (c) => c.json(await pauseCampaign(command(c), c.req.valid('param').id)),
    )
    .post(
      '/:id/resume',
      doc({ summary: 'Resume sending', responses: campaignAnswer('Sending.'), errors: [404, 409] }),
      ids,
      async (c) => c.json(await resumeCampaign(command(c), c.req.valid('param').id)),
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
      async (c) => c.json(await cancelCampaign(command(c), c.req.valid('param').id)),
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
          stillAllowed: accessStillHolds(auth, db, c, { admin: true }),
          read: async () => {
            const progress = await campaignProgress(db, id)
            return progress ? JSON.stringify(progress) : undefined
          },
        })
      },
    )
}
