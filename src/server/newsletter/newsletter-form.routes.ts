import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { NEWSLETTER_FORM_PATH } from '#shared/constants.ts'
import { subscribeRequestSchema } from '#shared/schemas/newsletter.ts'
import type { Auth } from '../auth/auth.ts'
import { ApiError } from '../http/api-error.ts'
import type { AppEnv } from '../http/app-env.ts'
import { asApiError } from '../http/domain-errors.ts'
import { errorMessage } from '../i18n.ts'
import type { NewsletterAnswer } from '../web/newsletter-answer-page.ts'
import { newsletterLimit, subscribeAnswer } from './newsletter.routes.ts'
import type { NewsletterContext } from './subscriptions.ts'

/**
 * The landing page's newsletter form as a plain HTML form (`POST /newsletter/subscribe`,
 * urlencoded): it works before the page's script has arrived, or without it. Same rules, limits
 * and messages as `POST /api/newsletter/subscribe` (subscribeAnswer, the same rate limit's
 * window), and the same origin rule (the request guard); the answer is a page in her language:
 * "check your inbox", or what was wrong with her input kept in the form. `page` writes that page
 * (the built site's, serve-app.ts); without a built site there is no such route.
 */
export function newsletterFormRoutes(
  auth: Auth,
  ctx: NewsletterContext,
  page: (answer: NewsletterAnswer) => string,
) {
  const limit = newsletterLimit(ctx, 'subscribe')
  return new Hono<AppEnv>().post(NEWSLETTER_FORM_PATH, async (c) => {
    const form = await c.req.parseBody()
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    const values = { name: text(form.name), email: text(form.email) }
    const language = c.var.language
    const answer = (status: ContentfulStatusCode, rest: Omit<NewsletterAnswer, 'language'>) =>
      c.html(page({ language, ...rest }), status, { 'Cache-Control': 'no-store' })
    try {
      // What the JSON route's schema and the request guard refuse, refused alike.
      const request = subscribeRequestSchema.safeParse({ ...values, source: 'landing' })
      if (!request.success || Object.values(values).some((value) => value.includes('\0')))
        throw new ApiError(400, 'invalid_request', 'invalidRequest')
      let message = ''
      await limit(c, async () => {
        ;({ message } = await subscribeAnswer(auth, ctx, c, request.data))
      })
      return answer(200, { outcome: { tone: 'success', text: message } })
    } catch (thrown) {
      const error = asApiError(thrown)
      if (!(error instanceof ApiError)) throw thrown
      const text = errorMessage(language, error.messageKey, error.values)
      // A field's own mistake is said at the field, as the form says it after hydration.
      const field =
        error.code === 'invalid_email' ? 'email' : error.code === 'name_required' ? 'name' : null
      return answer(error.status, {
        values,
        ...(field ? { fieldErrors: { [field]: text } } : { outcome: { tone: 'error', text } }),
      })
    }
  })
}
