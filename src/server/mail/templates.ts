import type { Language } from '#shared/languages.ts'
import { emailTranslator } from '../i18n.ts'
import { siteLink, type SiteLink } from './site-link.ts'

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * The brand's e-mail frame: a centred white card on the page colour, the name on top and a small
 * footer under it. `content` and `footer` are HTML, escaped by the caller.
 */
/** An e-mail's one button, in the brand's colours (margin: the paragraph's CSS margin). */
export const emailButton = (url: string, label: string, margin = '0 0 28px') =>
  `<p style="margin:${margin}"><a href="${escapeHtml(url)}" style="display:inline-block;background:#8E3B52;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:999px">${escapeHtml(label)}</a></p>`

/** The button's address written out, for mail programs that show no buttons. */
export const emailButtonFallback = (url: string, text: string) =>
  `<p style="margin:0;color:#5B4D5E;font-size:13px">${escapeHtml(text)}<br><a href="${escapeHtml(url)}" style="color:#8E3B52;word-break:break-all">${escapeHtml(url)}</a></p>`

export function brandedEmail({
  language,
  title,
  content,
  footer,
}: {
  language: Language
  title: string
  content: string
  footer: string
}): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#FBF7F2;font-family:Helvetica,Arial,sans-serif;color:#2A1F2D">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#FBF7F2;padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:20px;padding:36px 32px">
        <tr><td style="font-family:Georgia,serif;font-size:22px;font-weight:bold;color:#8E3B52;padding-bottom:24px">Lendület</td></tr>
        <tr><td style="font-size:16px;line-height:1.6">
          ${content}
        </td></tr>
      </table>
      <p style="font-size:12px;line-height:1.6;color:#5B4D5E;margin:20px 0 0">${footer}</p>
    </td></tr>
  </table>
</body>
</html>`
}

type ActionEmailKind =
  | 'verifyEmail'
  | 'resetPassword'
  | 'newsletterConfirm'
  | 'newsletterAlreadySubscribed'
  | 'newsletterUnsubscribe'
  | 'changeEmailConfirm'
  | 'changeEmailNotice'

export interface ActionEmailData {
  name: string | null
  /** The button's address, in the e-mail's language. */
  url: SiteLink
  /** The site's public origin (PUBLIC_URL), named in the footer. */
  baseUrl: string
}

/**
 * The footer's link to the site, in the e-mail's language: the address as text (the site's name
 * as she knows it) and, to follow, the same address opening in her language.
 */
export function siteFooter(language: Language, baseUrl: string) {
  const href = siteLink(baseUrl, '/', language)
  return {
    text: href,
    html: `<a href="${escapeHtml(href)}" style="color:#5B4D5E">${escapeHtml(baseUrl.replace(/^https?:\/\//, ''))}</a>`,
  }
}

/**
 * The frame of an e-mail with one call to action, in the brand's look: her greeting, the
 * introduction, details to read (label and value, none for most), the button, a note, the
 * button's address to copy, and the footer; HTML and plain text say the same.
 */
function callToActionEmail(
  language: Language,
  {
    name,
    baseUrl,
    subject,
    intro,
    details = [],
    button,
    url,
    note,
  }: {
    name: string | null
    baseUrl: string
    subject: string
    intro: string
    details?: [label: string, value: string][]
    button: string
    url: string
    note: string
  },
): RenderedEmail {
  const t = emailTranslator(language)
  const site = siteFooter(language, baseUrl)
  const greeting = name ? t('greeting', { name }) : t('greetingNoName')
  const text = [
    greeting,
    '',
    intro,
    '',
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    `${button}: ${url}`,
    '',
    note,
    '',
    '—',
    `${t('footer')} · ${site.text}`,
  ].join('\n')
  const table =
    details.length > 0
      ? `
          <table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;background:#FBF7F2;border-radius:12px;padding:12px 16px;font-size:15px">
            ${details.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#5B4D5E;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`).join('\n            ')}
          </table>`
      : ''
  const html = brandedEmail({
    language,
    title: subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
          <p style="margin:0 0 ${details.length > 0 ? 16 : 24}px">${escapeHtml(intro)}</p>${table}
          ${emailButton(url, button)}
          <p style="margin:0 0 16px;color:#5B4D5E;font-size:14px">${escapeHtml(note)}</p>
          ${emailButtonFallback(url, t('buttonFallback'))}`,
    footer: `${escapeHtml(t('footer'))} · ${site.html}`,
  })
  return { subject, html, text }
}

/** An e-mail with one call to action: its kind's subject, introduction, button and note. */
export function actionEmail(
  language: Language,
  kind: ActionEmailKind,
  { name, url, baseUrl }: ActionEmailData,
  /** What the subject and the introduction name ({{event}}). */
  values: Record<string, string> = {},
): RenderedEmail {
  const t = emailTranslator(language)
  // The kinds' texts name different things ({{event}} or nothing); i18next's types check the
  // values of one key, not of a union of keys, so these calls go untyped.
  const named = t as unknown as (key: string, options: Record<string, string>) => string
  return callToActionEmail(language, {
    name,
    baseUrl,
    subject: `${named(`${kind}.subject`, values)} – Lendület`,
    intro: named(`${kind}.intro`, values),
    button: t(`${kind}.button`),
    url,
    note: named(`${kind}.note`, values),
  })
}

export const verifyEmailTemplate = (language: Language, data: ActionEmailData) =>
  actionEmail(language, 'verifyEmail', data)

export const resetPasswordTemplate = (language: Language, data: ActionEmailData) =>
  actionEmail(language, 'resetPassword', data)

/** To the new address: the link that makes it her sign-in address. */
export const changeEmailConfirmTemplate = (
  language: Language,
  data: ActionEmailData & { address: string },
) => actionEmail(language, 'changeEmailConfirm', data, { address: data.address })

/** To the old address: a change to `address` (masked) was asked for, and what to do if not by her. */
export const changeEmailNoticeTemplate = (
  language: Language,
  data: ActionEmailData & { address: string },
) => actionEmail(language, 'changeEmailNotice', data, { address: data.address })

type EventEmailKind =
  | 'eventRegistered'
  | 'eventWaiting'
  | 'eventChanged'
  | 'eventCancelled'
  | 'placeOpened'
  | 'placeGivenUp'
  | 'placeOffered'
  | 'placeOfferedOpen'
  | 'friendInvited'
  | 'friendAccepted'
  | 'friendLapsed'

export interface EventEmailData extends ActionEmailData {
  event: string
  /** When, written out in her language (e.g. "Tuesday, 1 December 2026, 18:00–20:00"). */
  when: string
  /** The place's name and address; empty when the event has none yet. */
  where: string
  /** Her place on the waiting list (eventWaiting). */
  position?: number
  /** Until when an offer lasts, written out in her language (placeOffered). */
  until?: string
  /** Until when she gives her place back in time, written out (an e-mail to one holding a place). */
  cancelBy?: string
  /** Who invites her (friendInvited). */
  inviter?: string
  /** The friend who accepted her invitation (friendAccepted), or the address that let it lapse (friendLapsed). */
  friend?: string
}

/**
 * An e-mail about her place at an event: actionEmail's look, with the event's time and place
 * under the introduction, so a changed time or place is there to read, not only in the calendar.
 */
export function eventEmail(
  language: Language,
  kind: EventEmailKind,
  {
    name,
    url,
    baseUrl,
    event,
    when,
    where,
    position,
    until,
    cancelBy,
    inviter,
    friend,
  }: EventEmailData,
): RenderedEmail {
  const t = emailTranslator(language)
  const named = t as unknown as (key: string, options: Record<string, string | number>) => string
  const values = {
    event,
    position: position ?? '',
    until: until ?? '',
    inviter: inviter ?? '',
    friend: friend ?? '',
  }
  const details: [string, string][] = [
    [t('eventDetails.when'), when],
    ...(where ? [[t('eventDetails.where'), where] as [string, string]] : []),
    ...(cancelBy ? [[t('eventDetails.cancelBy'), cancelBy] as [string, string]] : []),
    ...(until
      ? [
          [
            t(kind === 'friendInvited' ? 'eventDetails.heldUntil' : 'eventDetails.offerUntil'),
            until,
          ] as [string, string],
        ]
      : []),
  ]
  return callToActionEmail(language, {
    name,
    baseUrl,
    subject: `${named(`${kind}.subject`, values)} – Lendület`,
    intro: named(`${kind}.intro`, values),
    details,
    button: t(`${kind}.button`),
    url,
    note: named(`${kind}.note`, values),
  })
}

/**
 * A short notice to a member: her greeting, a few paragraphs and one button, in HTML and in plain
 * text saying the same (the klikk window's result, the after-evening e-mails, a series' opening).
 */
export function noticeEmail({
  language,
  name,
  subject,
  lines,
  button,
  url,
  baseUrl,
  aside,
}: {
  language: Language
  /** Her name, for the greeting (none: the greeting without a name). */
  name: string | null
  subject: string
  lines: string[]
  button: string
  url: string
  baseUrl: string
  /** A small line under the button: why she gets this, and a link (to stop such e-mails). */
  aside?: { text: string; link: string; url: string }
}): RenderedEmail {
  const t = emailTranslator(language)
  const site = siteFooter(language, baseUrl)
  const greeting = name ? t('greeting', { name }) : t('greetingNoName')
  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    `${button}: ${url}`,
    '',
    ...(aside ? [aside.text, `${aside.link}: ${aside.url}`, ''] : []),
    '—',
    `${t('footer')} · ${site.text}`,
  ].join('\n')
  const html = brandedEmail({
    language,
    title: subject,
    content: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
          ${lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('\n          ')}
          ${emailButton(url, button, '8px 0 28px')}
          ${emailButtonFallback(url, t('buttonFallback'))}${
            aside
              ? `
          <p style="margin:0 0 8px;font-size:13px;color:#6b5a6e">${escapeHtml(aside.text)} <a href="${escapeHtml(aside.url)}" style="color:#6b5a6e">${escapeHtml(aside.link)}</a></p>`
              : ''
          }`,
    footer: `${escapeHtml(t('footer'))} · ${site.html}`,
  })
  return { subject, html, text }
}
