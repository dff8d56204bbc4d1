import { describe, expect, it } from 'vitest'
import { authLink, siteLink, writtenLink } from './site-link.ts'

const SITE = 'https://lendulet.fit'

describe('links in e-mails', () => {
  it('puts the language after what the link already asks, on the site at PUBLIC_URL', () => {
    expect(siteLink(SITE, '/newsletter/verify', 'en', { token: 'a b+c' })).toBe(
      `${SITE}/newsletter/verify?token=a+b%2Bc&lang=en`,
    )
    expect(siteLink(SITE, '/', 'de')).toBe(`${SITE}/?lang=de`)
    expect(siteLink('https://example.org/lendulet', '/events', 'es')).toBe(
      'https://example.org/lendulet/events?lang=es',
    )
  })

  it("gives Better Auth's links and their callback page on our site the language, and no one else's", () => {
    const verify = new URL(
      authLink(
        `${SITE}/api/auth/verify-email?token=t.o.k&callbackURL=${encodeURIComponent('/auth/callback?type=signup&lang=hu')}`,
        'en',
      ),
    )
    expect(verify.searchParams.get('token')).toBe('t.o.k')
    expect(verify.searchParams.get('lang')).toBe('en')
    expect(verify.searchParams.get('callbackURL')).toBe('/auth/callback?type=signup&lang=en')

    const absolute = new URL(authLink(`${SITE}/api/auth/x?callbackURL=${SITE}/welcome`, 'de'))
    expect(absolute.searchParams.get('callbackURL')).toBe(`${SITE}/welcome?lang=de`)

    for (const foreign of ['https://app.example.org/done', '//evil.example/welcome']) {
      const link = new URL(
        authLink(`${SITE}/api/auth/x?callbackURL=${encodeURIComponent(foreign)}`, 'de'),
      )
      expect(link.searchParams.get('callbackURL')).toBe(foreign)
      expect(link.searchParams.get('lang')).toBe('de')
    }
    // Better Auth leaves a reset link's callback empty when none was asked for: it stays empty.
    expect(
      new URL(authLink(`${SITE}/api/auth/reset-password/t?callbackURL=`, 'en')).searchParams.get(
        'callbackURL',
      ),
    ).toBe('')
  })

  it("opens an admin's links to our pages in the e-mail's language, unless they name one", () => {
    expect(writtenLink(`${SITE}/events#next`, SITE, 'en')).toBe(`${SITE}/events?lang=en#next`)
    expect(writtenLink(`${SITE}/events?lang=de`, SITE, 'en')).toBe(`${SITE}/events?lang=de`)
    expect(writtenLink('https://blog.example.org/a', SITE, 'en')).toBe('https://blog.example.org/a')
    expect(writtenLink('mailto:hello@lendulet.fit', SITE, 'en')).toBe('mailto:hello@lendulet.fit')
    expect(
      writtenLink('https://example.org/other/page', 'https://example.org/lendulet', 'en'),
    ).toBe('https://example.org/other/page')
  })
})
