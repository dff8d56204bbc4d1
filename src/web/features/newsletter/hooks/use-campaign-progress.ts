import { useEffect, useState } from 'react'
import { z } from 'zod'
import { campaignStatsSchema, CAMPAIGN_STATUSES } from '#shared/schemas/campaigns.ts'
import { campaignLiveUrl, fetchCampaign, type Campaign } from '../api/campaigns-api.ts'

/** While the stream is down, the campaign is read this often instead. */
const POLL_MS = 3_000
/** The problem list is not in the stream: it is read again this long after the figures settle. */
const PROBLEMS_DELAY_MS = 1_000

const progressSchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  stats: campaignStatsSchema,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
})

export const isFinished = (status: Campaign['status']) =>
  status === 'sent' || status === 'cancelled'

/**
 * A campaign that keeps itself current while it goes out: the server pushes its figures (SSE
 * `progress`) as they change; while the stream is down it is read every 3 s instead. Once the
 * campaign has finished, both stop. `live` says whether the stream is up.
 */
export function useCampaignProgress(initial: Campaign) {
  const [campaign, setCampaign] = useState(initial)
  const [live, setLive] = useState(false)
  const id = initial.id
  const done = isFinished(campaign.status)
  const [watchedTheEnd] = useState(() => !isFinished(initial.status))

  useEffect(() => {
    if (done) return
    let poll: number | undefined
    let stopped = false
    const source = new EventSource(campaignLiveUrl(id))
    const stopPolling = () => {
      window.clearInterval(poll)
      poll = undefined
    }
    source.addEventListener('hello', () => {
      setLive(true)
      stopPolling()
    })
    source.addEventListener('progress', (message) => {
      const parsed = progressSchema.safeParse(JSON.parse((message as MessageEvent<string>).data))
      if (parsed.success) setCampaign((current) => ({ ...current, ...parsed.data }))
    })
    // The browser reconnects by itself; until it has, reading keeps the page current.
    source.addEventListener('error', () => {
      setLive(false)
      poll ??= window.setInterval(() => {
        void fetchCampaign(id).then((result) => {
          if (!stopped && result.ok) setCampaign(result.data)
        })
      }, POLL_MS)
    })
    return () => {
      stopped = true
      stopPolling()
      source.close()
      setLive(false)
    }
  }, [id, done])

  // New failures or bounces, or the end: read the whole campaign for its problem list (the
  // server lists up to 100).
  const problems = Math.min(campaign.stats.failed + campaign.stats.bounced, 100)
  const problemsKnown = campaign.problems.length
  const readAtEnd = done && watchedTheEnd
  useEffect(() => {
    if (problems === problemsKnown && !readAtEnd) return
    let current = true
    const timer = window.setTimeout(() => {
      void fetchCampaign(id).then((result) => {
        if (current && result.ok) setCampaign(result.data)
      })
    }, PROBLEMS_DELAY_MS)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [id, problems, problemsKnown, readAtEnd])

  return { campaign, setCampaign, live: live && !done }
}
