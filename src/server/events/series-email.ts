import type { Language } from '#shared/languages.ts'
import { emailTranslator } from '../i18n.ts'
import { siteLink } from '../mail/site-link.ts'
import { noticeEmail, type RenderedEmail } from '../mail/templates.ts'
import { formatEventTime } from './reminder-email.ts'

export interface SeriesOpenDetails {
  name: string | null
  eventName: string
  startTime: Date
  placeName: string
  baseUrl: string
  /** The signed token of her unfollow link for this series. */
  unfollowToken: string
}

/**
 * "Registration is open" for the next evening of a series she follows: when and where, a button
 * to her events page, and a link that stops these e-mails for this series alone.
 */
export function seriesOpenEmail(
  language: Language,
  { name, eventName, startTime, placeName, baseUrl, unfollowToken }: SeriesOpenDetails,
): RenderedEmail {
  const t = emailTranslator(language)
  const url = siteLink(baseUrl, '/events', language)
  const unfollowUrl = siteLink(baseUrl, '/series/unfollow', language, { token: unfollowToken })
  const subject = `${t('seriesOpen.subject', { event: eventName })} – Lendület`
  const when = formatEventTime(language, startTime)
  return noticeEmail({
    language,
    name,
    subject,
    lines: [
      placeName
        ? t('seriesOpen.introPlace', { event: eventName, when, place: placeName })
        : t('seriesOpen.intro', { event: eventName, when }),
    ],
    button: t('seriesOpen.button'),
    url,
    baseUrl,
    aside: {
      text: t('seriesOpen.why', { event: eventName }),
      link: t('seriesOpen.unfollow'),
      url: unfollowUrl,
    },
  })
}
