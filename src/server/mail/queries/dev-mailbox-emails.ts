import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { campaignRecipients, newsletterCampaigns } from '../../db/schema/campaigns.ts'
import { outbox } from '../../db/schema/outbox.ts'
import { personalise } from '../../newsletter/campaign-content.ts'
import { campaignEmailIn, unsubscribeLinksOf } from '../../newsletter/campaign-delivery.ts'

/** One e-mail as the development mailbox lists it. */
interface ListedEmail {
  at: Date
  to: string
  kind: string
  language: string
  status: string
  subject: string
  text: string
}

/**
 * The newest e-mails the site would have sent, newest first: the outbox's and the newsletter
 * campaigns' (one per recipient, written as she gets it, her own unsubscribe link included).
 */
export async function devMailboxEmails(
  { db, secret, baseUrl }: { db: Db; secret: string; baseUrl: string },
  limit: number,
): Promise<ListedEmail[]> {
  const queued = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit)
  const campaignMails = await db
    .select({
      recipient: campaignRecipients,
      content: newsletterCampaigns.content,
      startedAt: newsletterCampaigns.startedAt,
    })
    .from(campaignRecipients)
    .innerJoin(newsletterCampaigns, eq(newsletterCampaigns.id, campaignRecipients.campaignId))
    .orderBy(desc(campaignRecipients.id))
    .limit(limit)
  return [
    ...queued.map((m) => ({
      at: m.createdAt,
      to: m.toAddress,
      kind: m.kind,
      language: m.language,
      status: m.status,
      subject: m.subject,
      text: m.text,
    })),
    ...campaignMails.map(({ recipient: r, content, startedAt }) => {
      const { email: shared, shown } = campaignEmailIn(r.campaignId, content, r.language, baseUrl)
      const email = personalise(shared, unsubscribeLinksOf(secret, baseUrl, r.id, shown).page)
      return {
        at: r.sentAt ?? r.claimedAt ?? startedAt ?? new Date(0),
        to: r.email,
        kind: 'campaign',
        language: r.language,
        status: r.status,
        subject: email.subject,
        text: email.text,
      }
    }),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit)
}
