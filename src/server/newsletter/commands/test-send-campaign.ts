import type { Language } from '#shared/languages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { DomainError } from '../../domain-error.ts'
import { emailTranslator } from '../../i18n.ts'
import { enqueueEmail } from '../../mail/outbox.ts'
import { siteLink } from '../../mail/site-link.ts'
import { campaignEmail, personalise } from '../campaign-content.ts'
import { readinessFields, storedDraft } from '../campaigns.ts'
import { changeCampaign, type CampaignCommandContext } from './campaign-command.ts'

/**
 * The version in `language` (or the Hungarian one it falls back to), marked as a test, to the
 * admin's own address `to`; once a minute per language. Returns where it went.
 */
export async function testSendCampaign(
  context: CampaignCommandContext & { baseUrl: string },
  id: string,
  { language, to }: { language: Language; to: string },
): Promise<{ sentTo: string }> {
  const { baseUrl } = context
  await changeCampaign(context, id, 'campaign.test', async (tx) => {
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
    if (!queued) throw new DomainError('campaignTestTooSoon')
  })
  context.wakeSender()
  return { sentTo: to }
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
