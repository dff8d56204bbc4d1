import { SITE_TIME_ZONE } from '#shared/time-zone.ts'
import { dateLocale } from '#shared/languages.ts'
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

/** The evenings take place in Budapest: e-mails give their times there, whatever the server's zone. */
export const EVENT_TIME_ZONE = SITE_TIME_ZONE

export interface ReminderDetails {
  /** Her name, for the greeting. */
  name: string | null
  eventName: string
  startTime: Date
  placeName: string
  address: string
  /** The site's public origin: the button opens her events page there. */
  baseUrl: string
}

/** When an event starts, in her language, in the events' own time zone. */
export function formatEventTime(language: Language, startTime: Date): string {
  return new Intl.DateTimeFormat(dateLocale(language), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).format(startTime)
}

/**
 * The reminder before an event: its name, when, where (what the admin filled in), a button to her
 * events page, and how to turn reminders off. HTML and plain text say the same.
 */
export function eventReminderEmail(
  language: Language,
  { name, eventName, startTime, placeName, address, baseUrl }: ReminderDetails,
): RenderedEmail {
  const t = emailTranslator(language)
  const url = siteLink(baseUrl, '/events', language)
  const accountUrl = siteLink(baseUrl, '/account', language)
  const site = siteFooter(language, baseUrl)
  const greeting = name ? t('greeting', { name }) : t('greetingNoName')
  const subject = `${t('eventReminder.subject', { event: eventName })} – Lendület`
  const intro = t('eventReminder.intro', { event: eventName })
  // The place and the address are what the admin filled in: a blank one is left out.
  const lines: [label: string, value: string][] = [
    [t('eventReminder.when'), formatEventTime(language, startTime)],
    [t('eventReminder.place'), placeName],
    [t('eventReminder.address'), address],
  ]
  const details = lines.filter(([, value]) => value !== '')
  const text = [
    greeting,
    '',
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('eventReminder.button')}: ${url}`,
    '',
    t('eventReminder.note'),
    `${t('eventReminder.optOut')} ${accountUrl}`,
    '',
    '—',
    `${t('footer')} · ${site.text}`,
  ].join('\n')
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#5B4D5E;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = brandedEmail({
    language,
    title: subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
          <p style="margin:0 0 16px">${escapeHtml(intro)}</p>
          <table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${rows}</table>
          ${emailButton(url, t('eventReminder.button'))}
          <p style="margin:0 0 16px;color:#5B4D5E;font-size:14px">${escapeHtml(t('eventReminder.note'))}</p>
          <p style="margin:0 0 16px;color:#5B4D5E;font-size:14px">${escapeHtml(t('eventReminder.optOut'))} <a href="${escapeHtml(accountUrl)}" style="color:#8E3B52">${escapeHtml(`${baseUrl}/account`.replace(/^https?:\/\//, ''))}</a></p>
          ${emailButtonFallback(url, t('buttonFallback'))}`,
    footer: `${escapeHtml(t('footer'))} · ${site.html}`,
  })
  return { subject, html, text }
}
