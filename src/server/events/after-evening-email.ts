import type { Language } from '#shared/languages.ts'
import type { AfterEveningMail } from '#shared/schemas/events.ts'
import { emailTranslator } from '../i18n.ts'
import { siteLink } from '../mail/site-link.ts'
import { noticeEmail, type RenderedEmail } from '../mail/templates.ts'
import { formatEventTime } from './reminder-email.ts'

export interface AfterEveningDetails {
  kind: AfterEveningMail
  /** Her name, for the greeting. */
  name: string | null
  eventName: string
  /** Thanks: she sat at a table, so she may pick her klikks until `klikkUntil`. */
  klikkUntil: Date | null
  /** The next evening's start (the same series' first); none planned: left out. */
  nextEvening: Date | null
  baseUrl: string
}

/**
 * The e-mail after the evening ends (decision 0091): to those who came, thanks and, to those who
 * sat at a table, the link to pick their klikks; to those who did not, a short "we missed you"
 * with the next date, and no word of blame. HTML and plain text say the same.
 */
export function afterEveningEmail(
  language: Language,
  { kind, name, eventName, klikkUntil, nextEvening, baseUrl }: AfterEveningDetails,
): RenderedEmail {
  const t = emailTranslator(language)
  const next = nextEvening
    ? [t('afterEvening.next', { when: formatEventTime(language, nextEvening) })]
    : []
  const thanks = kind === 'thanks'
  const subject = `${t(thanks ? 'afterEvening.thanksSubject' : 'afterEvening.missedSubject', { event: eventName })} – Lendület`
  const lines = thanks
    ? [
        t('afterEvening.thanks', { event: eventName }),
        ...(klikkUntil
          ? [t('afterEvening.klikk', { until: formatEventTime(language, klikkUntil) })]
          : next),
      ]
    : [t('afterEvening.missed', { event: eventName }), ...next]
  const url = siteLink(baseUrl, klikkUntil && thanks ? '/events#klikk' : '/events', language)
  const button = t(klikkUntil && thanks ? 'afterEvening.klikkButton' : 'afterEvening.eventsButton')
  return noticeEmail({ language, name, subject, lines, button, url, baseUrl })
}
