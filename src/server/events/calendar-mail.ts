import { SITE_TIME_ZONE } from '#shared/time-zone.ts'
import { dateLocale } from '#shared/languages.ts'
import type { Language } from '#shared/languages.ts'
import { localizeEvent } from '#shared/event-texts.ts'
import { callName } from '#shared/people-names.ts'
import type { Tx } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { siteLink } from '../mail/site-link.ts'
import { eventEmail } from '../mail/templates.ts'
import { eventEnd, eventLocation } from '#shared/calendar.ts'
import { cancelDeadline, type PlaceOfferKind } from '#shared/place-offers.ts'
import {
  calendarAttachment,
  calendarFile,
  momentIn,
  type CalendarEvent,
  type CalendarSite,
} from './ics.ts'

/** The evenings take place in Budapest: e-mails give their times there, whatever the server's zone. */
export const EVENT_TIME_ZONE = SITE_TIME_ZONE

/** The e-mails about a member's place: where they link to, who sends them, how to wake the sender. */
export interface PlaceMail extends CalendarSite {
  onEmailQueued: () => void
}

export interface Recipient {
  email: string
  fullName: string | null
  /** What the greeting calls her (null on an account with only a full name). */
  givenName: string | null
  language: Language
}

/** A Recipient's columns: her profile, joined with her account (`user`) for her given name. */
export const RECIPIENT_COLUMNS = {
  email: profiles.email,
  fullName: profiles.fullName,
  givenName: user.givenName,
  language: profiles.language,
}

/** "Tuesday, 1 December 2026, 18:00–20:00" in her language, Budapest time. */
export function eventWhen(
  language: Language,
  event: Pick<CalendarEvent, 'startTime' | 'duration'>,
) {
  return new Intl.DateTimeFormat(dateLocale(language), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).formatRange(event.startTime, eventEnd(event))
}

/** Kinds whose reader holds a place: they say until when she gives it back in time. */
const HOLDING_KINDS = new Set(['eventRegistered', 'placeOpened', 'eventChanged'])

function render(
  kind: Parameters<typeof eventEmail>[1],
  event: CalendarEvent,
  to: Recipient,
  mail: PlaceMail,
  extra: { position?: number; until?: Date; path?: string; inviter?: string; friend?: string } = {},
) {
  // Her language's texts, or the Hungarian where the host has not written them in it.
  const texts = localizeEvent(event, to.language)
  return eventEmail(to.language, kind, {
    name: callName(to),
    url: siteLink(mail.baseUrl, extra.path ?? '/events', to.language),
    baseUrl: mail.baseUrl,
    event: texts.eventName,
    when: eventWhen(to.language, event),
    where: eventLocation(texts),
    position: extra.position,
    until: extra.until && momentIn(to.language, extra.until),
    cancelBy: HOLDING_KINDS.has(kind) ? momentIn(to.language, cancelDeadline(event)) : undefined,
    inviter: extra.inviter,
    friend: extra.friend,
  })
}

const attendee = (to: Recipient) => ({ email: to.email, name: to.fullName })

/** The invitation she gets with a place: an e-mail with the evening as a calendar REQUEST. */
export function invitationAttachment(event: CalendarEvent, to: Recipient, mail: PlaceMail) {
  return calendarAttachment(
    'REQUEST',
    calendarFile({
      method: 'REQUEST',
      event,
      site: mail,
      attendee: attendee(to),
      language: to.language,
    }),
  )
}

/**
 * Confirms a registration, in the registration's transaction: a place comes with the invitation,
 * the waiting list with her position and no invitation (she may never come).
 */
export async function queueRegistrationEmail(
  tx: Tx,
  event: CalendarEvent,
  to: Recipient,
  mail: PlaceMail,
  result: { status: 'registered' | 'waiting'; position: number | null },
) {
  const waiting = result.status === 'waiting'
  return enqueueEmail(tx, {
    // Per event: a confirmation for one evening never holds back another's.
    kind: `eventRegistration:${event.id}`,
    to: to.email,
    language: to.language,
    ...(waiting
      ? render('eventWaiting', event, to, mail, { position: result.position ?? undefined })
      : render('eventRegistered', event, to, mail)),
    attachments: waiting ? [] : [invitationAttachment(event, to, mail)],
  })
}

/**
 * A place that changed hands, in the transaction that moved it: to the first on the waiting list
 * who got it (with the invitation, REQUEST), or to her who gave it up (the calendar entry's
 * CANCEL for the same UID, so her calendar forgets the evening). Each with the evening's time and
 * place, in her language.
 */
export async function queuePlaceEmail(
  tx: Tx,
  kind: 'placeOpened' | 'placeGivenUp',
  event: CalendarEvent,
  to: Recipient,
  mail: PlaceMail,
) {
  const method = kind === 'placeOpened' ? 'REQUEST' : 'CANCEL'
  return enqueueEmail(tx, {
    kind,
    to: to.email,
    language: to.language,
    ...render(kind, event, to, mail),
    attachments: [
      calendarAttachment(
        method,
        calendarFile({ method, event, site: mail, attendee: attendee(to), language: to.language }),
      ),
    ],
    // Each one replaces what her calendar holds: a second change of mind is never held back.
    cooldown: false,
  })
}

/**
 * An offer of a place, in the transaction that made it: a single one says until when it is hers,
 * an open one (the last hours) that the first to accept has it. Its link opens the offer's page,
 * which asks before it accepts (mail scanners open links). Sent once per offer.
 */
export async function queueOfferEmail(
  tx: Tx,
  kind: PlaceOfferKind,
  event: CalendarEvent,
  to: Recipient,
  { expiresAt }: { expiresAt: Date },
  mail: PlaceMail,
) {
  return enqueueEmail(tx, {
    kind: `placeOffer:${event.id}`,
    to: to.email,
    language: to.language,
    ...render(kind === 'single' ? 'placeOffered' : 'placeOfferedOpen', event, to, mail, {
      until: expiresAt,
      path: `/events/offer/${event.id}`,
    }),
    cooldown: false,
  })
}

/**
 * A member's invitation of a friend (decision 0092), in the invitation's transaction and in the
 * member's language (the friend has no account, so no language of her own): the evening's time
 * and place, who invites her, until when her place is held. Its link opens the invitation's
 * page, which asks before it accepts (mail scanners open links) and, signed out, leads through
 * signing up and back.
 */
export async function queueFriendInvitationEmail(
  tx: Tx,
  event: CalendarEvent,
  invitation: { id: string; email: string; expiresAt: Date },
  inviterName: string,
  language: Language,
  mail: PlaceMail,
) {
  const to: Recipient = { email: invitation.email, fullName: null, givenName: null, language }
  return enqueueEmail(tx, {
    kind: `friendInvitation:${event.id}`,
    to: to.email,
    language,
    ...render('friendInvited', event, to, mail, {
      until: invitation.expiresAt,
      path: `/events/friend/${invitation.id}`,
      inviter: inviterName,
    }),
    cooldown: false,
  })
}

/**
 * To the inviter, in her language, in the transaction where her friend's invitation changed:
 * `friendAccepted` (decision 0100), her friend has a place now (`friend` is her name);
 * `friendLapsed`, the friend did not accept in time and the place is free again (`friend` is the
 * invited address). Once per invitation: each happens to it once.
 */
export async function queueInviterEmail(
  tx: Tx,
  kind: 'friendAccepted' | 'friendLapsed',
  event: CalendarEvent,
  to: Recipient,
  friend: string,
  mail: PlaceMail,
) {
  return enqueueEmail(tx, {
    kind: `${kind}:${event.id}`,
    to: to.email,
    language: to.language,
    ...render(kind, event, to, mail, { friend }),
    cooldown: false,
  })
}

/**
 * The event's new time or place (an update, with the event's raised SEQUENCE) or its cancellation,
 * to each of `recipients`. Never held back by the cooldown: each one replaces what came before.
 */
export async function queueCalendarChange(
  tx: Tx,
  change: 'changed' | 'cancelled',
  event: CalendarEvent,
  recipients: Recipient[],
  mail: PlaceMail,
) {
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST'
  for (const to of recipients)
    await enqueueEmail(tx, {
      kind: change === 'cancelled' ? 'eventCancelled' : 'eventChanged',
      to: to.email,
      language: to.language,
      ...render(change === 'cancelled' ? 'eventCancelled' : 'eventChanged', event, to, mail),
      attachments: [
        calendarAttachment(
          method,
          calendarFile({
            method,
            event,
            site: mail,
            attendee: attendee(to),
            language: to.language,
          }),
        ),
      ],
      cooldown: false,
    })
  return recipients.length > 0
}
