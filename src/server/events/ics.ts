import { eventEnd, eventLocation, utcStamp } from '#shared/calendar.ts'
import type { Language } from '#shared/languages.ts'
import { eventText, localizeEvent, type EventTranslations } from '#shared/event-texts.ts'
import { dateLocale } from '#shared/languages.ts'
import { cancelDeadline } from '#shared/place-offers.ts'
import { SITE_TIME_ZONE } from '#shared/time-zone.ts'
import { emailTranslator } from '../i18n.ts'
import { splitSender } from '../mail/sender.ts'
import { siteLink } from '../mail/site-link.ts'

/*
 * iCalendar (RFC 5545) for an evening: the invitation e-mailed with a place, its updates and its
 * cancellation (iTIP, RFC 5546), and the file members download. Pure functions, no I/O.
 */

/** What a calendar entry says about an event. */
export interface CalendarEvent {
  id: string
  eventName: string
  description: string
  startTime: Date
  /** Minutes. */
  duration: number
  placeName: string
  address: string
  /** The texts above in other languages, where the host wrote them. */
  translations: EventTranslations
  /** The entry's SEQUENCE: raised with each change of time or place. */
  calendarSequence: number
  /** Hours before the start until which she gives her place back in time. */
  cancelDeadlineHours: number
}

/** An instant in her language, Budapest time: "Monday, 30 November 2026, 18:00". */
export function momentIn(language: Language, at: Date) {
  return new Intl.DateTimeFormat(dateLocale(language), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: SITE_TIME_ZONE,
  }).format(at)
}

/** Where the entries come from: the site (UID, links) and who sends the invitations. */
export interface CalendarSite {
  baseUrl: string
  /** MAIL_FROM, as `Name <address>` or a bare address: the invitations' organiser. */
  from: string
}

/**
 * REQUEST: an invitation or its update; CANCEL: the event is off; PUBLISH: a file to import
 * (no organiser or attendee, so calendars do not offer to answer it).
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH'

export interface CalendarAttendee {
  email: string
  name: string | null
}

/** One UID per event, for good: every update and the cancellation replace the same entry. */
export function calendarUid(eventId: string, site: CalendarSite): string {
  const fromDomain = /@([^\s<>@]+)>?\s*$/.exec(site.from)?.[1]
  return `${eventId}@${fromDomain ?? new URL(site.baseUrl).hostname}`
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** A parameter value (CN): quoted, as it may hold ':' ';' ','; a quote cannot be escaped at all. */
const paramValue = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '')}"`

const encoder = new TextEncoder()

/**
 * Folds a content line to at most 75 octets per line (RFC 5545 3.1), continuing with CRLF and a
 * space, and never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  // The first line may hold 75 octets; a continuation 74, after its leading space.
  let limit = 75
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = 74
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The whole VCALENDAR with one VEVENT, CRLF line ends, folded. */
export function calendarFile({
  method,
  event,
  site,
  attendee,
  language,
  now = new Date(),
}: {
  method: CalendarMethod
  event: CalendarEvent
  site: CalendarSite
  /** Whom a REQUEST or CANCEL is for. */
  attendee?: CalendarAttendee
  /** Hers: the entry's texts are in it (Hungarian where the host wrote none), and its link. */
  language: Language
  now?: Date
}): string {
  const texts = localizeEvent(event, language)
  const url = siteLink(site.baseUrl, '/events', language)
  const location = eventLocation(texts)
  const cancelBy = emailTranslator(language)('calendar.cancelBy', {
    time: momentIn(language, cancelDeadline(event)),
  })
  const description = [texts.description.trim(), cancelBy, url].filter(Boolean).join('\n\n')
  const organizer = splitSender(site.from)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lendulet//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${calendarUid(event.id, site)}`,
    `SEQUENCE:${event.calendarSequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.startTime)}`,
    `DTEND:${utcStamp(eventEnd(event))}`,
    `SUMMARY:${escapeText(texts.eventName)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${url}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(method === 'PUBLISH'
      ? []
      : [
          `ORGANIZER${organizer.name ? `;CN=${paramValue(organizer.name)}` : ''}:mailto:${organizer.address}`,
          ...(attendee
            ? [
                // She has her place already: nothing to answer.
                `ATTENDEE${attendee.name ? `;CN=${paramValue(attendee.name)}` : ''};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${attendee.email}`,
              ]
            : []),
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

/** The e-mail attachment for a REQUEST or CANCEL. */
export function calendarAttachment(method: Exclude<CalendarMethod, 'PUBLISH'>, content: string) {
  return {
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; method=${method}; charset=UTF-8`,
    content,
  }
}

/** The download's file name: the event's name in `language`, in plain ASCII letters and digits. */
export const eventFileName = (
  event: Pick<CalendarEvent, 'eventName' | 'translations'>,
  language: Language,
) =>
  `${
    eventText(event, 'eventName', language)
      .text.normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'event'
  }.ics`
