import type { APIRequestContext } from '@playwright/test'
import { signMailWebhook, SIGNED_HEADER } from '../../src/server/newsletter/mail-webhooks.ts'

/** The main test site's MAIL_WEBHOOK_SECRET: the tests post bounce and complaint reports with it. */
export const MAIL_WEBHOOK_SECRET = 'e2e-mail-webhook-secret-0123456789abcdef'

/** A provider's report in our own signed format, as a relay would post it. */
export async function reportMail(
  request: APIRequestContext,
  report: { id: string; type: 'hard_bounce' | 'soft_bounce' | 'complaint'; email: string },
) {
  const body = JSON.stringify(report)
  const response = await request.post('/api/mail-webhooks/signed', {
    headers: {
      'content-type': 'application/json',
      [SIGNED_HEADER]: signMailWebhook(MAIL_WEBHOOK_SECRET, body),
    },
    data: body,
  })
  if (response.status() !== 200) throw new Error(`webhook: ${response.status()}`)
}
