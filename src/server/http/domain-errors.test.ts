import { describe, expect, it } from 'vitest'
import enEvents from '#shared/locales/en/events.json' with { type: 'json' }
import enNewsletter from '#shared/locales/en/newsletter.json' with { type: 'json' }
import huEvents from '#shared/locales/hu/events.json' with { type: 'json' }
import { DomainError, type DomainErrorReason } from '../domain-error.ts'
import { errorMessage } from '../i18n.ts'
import { ApiError } from './api-error.ts'
import { asApiError } from './domain-errors.ts'

/** What a client receives for a domain refusal: its status and `{ code, message }`. */
function answer(reason: DomainErrorReason, language: 'en' | 'hu' = 'en') {
  const error = asApiError(new DomainError(reason))
  if (!(error instanceof ApiError)) throw new Error(`${reason} is not an answer`)
  return {
    status: error.status,
    code: error.code,
    message: errorMessage(language, error.messageKey),
  }
}

describe('domain refusals as answers', () => {
  // One of each status, with the status's code and with one of its own, in her language.
  it.each([
    ['userCodeInvalid', 'en', 400, 'invalid_request', enEvents.validation.userCodeInvalid],
    ['inviteSelf', 'en', 400, 'invite_self', enEvents.errors.inviteSelf],
    ['doorClosed', 'en', 403, 'forbidden', enEvents.errors.doorClosed],
    ['offerNotFound', 'hu', 404, 'not_found', huEvents.errors.offerNotFound],
    ['roundRunning', 'en', 409, 'conflict', enEvents.errors.roundRunning],
    ['eventFull', 'en', 409, 'event_full', enEvents.errors.eventFull],
    [
      'campaignTestTooSoon',
      'en',
      429,
      'too_many_requests',
      enNewsletter.campaigns.errors.testTooSoon,
    ],
  ] as const)('%s (%s) is %i %s', (reason, language, status, code, message) => {
    expect(answer(reason, language)).toEqual({ status, code, message })
  })

  it('says which fields of a form are at fault, in the namespace of its message', () => {
    const error = asApiError(
      new DomainError('seriesNoDates', { dates: 'validation.seriesNoDates' }),
    )
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      fields: { dates: 'events:validation.seriesNoDates' },
    })
  })
})
