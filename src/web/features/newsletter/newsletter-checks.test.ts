import { describe, expect, it } from 'vitest'
import { newsletterFieldErrors, refusedField, sendFailedKey } from './newsletter-checks.ts'

describe('the newsletter form rules shared by the app and the landing island', () => {
  it('asks for a name only where one is required, and for a real address', () => {
    expect(newsletterFieldErrors({ nameRequired: true, name: '  ', email: 'anna@' })).toEqual({
      name: 'nameRequired',
      email: 'invalidEmail',
    })
    expect(
      newsletterFieldErrors({ nameRequired: false, name: '', email: 'anna@example.com' }),
    ).toEqual({})
    expect(
      newsletterFieldErrors({ nameRequired: true, name: 'Anna', email: ' anna@example.com ' }),
    ).toEqual({})
  })

  it("puts the server's refusal at its field, anything else as the form's message", () => {
    expect(refusedField('invalid_email')).toBe('email')
    expect(refusedField('name_required')).toBe('name')
    expect(refusedField('rate_limited')).toBeUndefined()
    expect(refusedField(undefined)).toBeUndefined()
    expect(sendFailedKey('subscribe')).toBe('subscriptionFailed')
    expect(sendFailedKey('unsubscribe')).toBe('unsubscribeFailed')
  })
})
