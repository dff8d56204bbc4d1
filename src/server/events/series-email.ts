import type { Language } from '#shared/languages.ts'
import { emailTranslator } from '../i18n.ts'
import { siteLink } from '../mail/site-link.ts'
import {
  brandedEmail,
  emailButton,
  emailButtonFallback,
  escapeHtml,
  siteFooter,
  type RenderedEmail,
} from '../mail/templates.ts'
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
  const site = siteFooter(language, baseUrl)
  const greeting = name ? t('greeting', { name }) : t('greetingNoName')
  const subject = `${t('seriesOpen.subject', { event: eventName })} – Lendület`
  const when = formatEventTime(language, startTime)
  const intro = placeName
    ? t('seriesOpen.introPlace', { event: eventName, when, place: placeName })
    : t('seriesOpen.intro', { event: eventName, when })
  const button = t('seriesOpen.button')
  const why = t('seriesOpen.why', { event: eventName })
  const unfollow = t('seriesOpen.unfollow')
  const text = [
    greeting,
    '',
    intro,
    '',
    `${button}: ${url}`,
    '',
    why,
    `${unfollow}: ${unfollowUrl}`,
    '',
    '—',
    `${t('footer')} · ${site.text}`,
  ].join('\n')
  const html = brandedEmail({
    language,
    title: subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
          <p style="margin:0 0 16px">${escapeHtml(intro)}</p>
          ${emailButton(url, button, '8px 0 28px')}
          ${emailButtonFallback(url, t('buttonFallback'))}
          <p style="margin:0 0 8px;font-size:13px;color:#6b5a6e">${escapeHtml(why)} <a href="${escapeHtml(unfollowUrl)}" style="color:#6b5a6e">${escapeHtml(unfollow)}</a></p>`,
    footer: `${escapeHtml(t('footer'))} · ${site.html}`,
  })
  return { subject, html, text }
}
