import { eq } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import type { WelcomePosition } from '#shared/schemas/welcome-series.ts'
import { recordAudit } from '../../audit/audit.ts'
import { welcomeEmails } from '../../db/schema/welcome-series.ts'
import { DomainError } from '../../domain-error.ts'
import { emailTranslator } from '../../i18n.ts'
import { enqueueEmail } from '../../mail/outbox.ts'
import { siteLink } from '../../mail/site-link.ts'
import { personalise } from '../campaign-content.ts'
import { versionFor, welcomeEmail, welcomeReadiness } from '../welcome-series.ts'
import { welcomeSubject, type WelcomeCommandContext } from './welcome-command.ts'

/**
 * The saved welcome e-mail in `language` (or the Hungarian one it falls back to), marked as a
 * test, to the admin's own address; once a minute per e-mail and language.
 */
export async function testSendWelcomeEmail(
  context: WelcomeCommandContext & { baseUrl: string },
  position: WelcomePosition,
  { language, to }: { language: Language; to: string },
): Promise<{ sentTo: string }> {
  const { baseUrl } = context
  await context.db.transaction(async (tx) => {
    const [email] = await tx
      .select()
      .from(welcomeEmails)
      .where(eq(welcomeEmails.position, position))
    if (!email) throw new DomainError('welcomeEmailNotFound')
    const fields = welcomeReadiness(email.content).filter(
      (issue) => issue.path[1] === language || issue.path[1] === 'hu',
    )
    if (fields.length > 0)
      throw new DomainError(
        'welcomeNotReady',
        Object.fromEntries(fields.map((issue) => [issue.path.join('.'), issue.message])),
      )
    const { version, shown } = versionFor(email.content, language)
    const rendered = personalise(
      welcomeEmail(
        version,
        shown,
        baseUrl,
        `${emailTranslator(shown)('campaign.testPrefix')} ${version.subject}`,
      ),
      siteLink(baseUrl, '/newsletter/unsubscribe', shown),
    )
    const queued = await enqueueEmail(tx, {
      kind: `campaign-test-welcome-${position}-${shown}`,
      to,
      language: shown,
      ...rendered,
    })
    if (!queued) throw new DomainError('campaignTestTooSoon')
    await recordAudit(
      tx,
      {
        action: 'welcome.test',
        subject: welcomeSubject(position),
        after: { position, language: shown, email: to },
      },
      context.origin,
    )
  })
  context.wakeSender()
  return { sentTo: to }
}
