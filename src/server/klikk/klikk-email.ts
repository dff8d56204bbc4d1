import type { Language } from '#shared/languages.ts'
import { emailTranslator } from '../i18n.ts'
import { formatEventTime } from '../events/reminder-email.ts'
import { siteLink } from '../mail/site-link.ts'
import { noticeEmail, type RenderedEmail } from '../mail/templates.ts'

export interface KlikkResultDetails {
  /** Her name, for the greeting. */
  name: string | null
  eventName: string
  /** Her matches at the evening. */
  klikks: number
  /** The next evening's start, for a member with no match (none planned: left out). */
  nextEvening: Date | null
  baseUrl: string
}

/**
 * The one e-mail after an evening's klikk window closes: how many klikks she had and a link to
 * them; with none, a kind word and the next evening's date. HTML and plain text say the same.
 */
export function klikkResultEmail(
  language: Language,
  { name, eventName, klikks, nextEvening, baseUrl }: KlikkResultDetails,
): RenderedEmail {
  const t = emailTranslator(language)
  const url = siteLink(baseUrl, '/events', language)
  const subject = `${t('klikkResult.subject', { event: eventName })} – Lendület`
  const lines =
    klikks > 0
      ? [t('klikkResult.matches', { count: klikks, event: eventName })]
      : [
          t('klikkResult.noMatch', { event: eventName }),
          ...(nextEvening
            ? [t('klikkResult.next', { when: formatEventTime(language, nextEvening) })]
            : []),
        ]
  const button = klikks > 0 ? t('klikkResult.button') : t('klikkResult.buttonEvents')
  return noticeEmail({ language, name, subject, lines, button, url, baseUrl })
}
