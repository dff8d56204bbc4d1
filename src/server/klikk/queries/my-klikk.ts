import { and, eq, inArray } from 'drizzle-orm'
import type { KlikkKind, KlikkShare } from '#shared/schemas/klikk.ts'
import type { Db } from '../../db/client.ts'
import { events } from '../../db/schema/events.ts'
import { klikkBlocks, klikkFeedback, klikkPicks, klikkSettings } from '../../db/schema/klikk.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { peopleMetBy } from '../../events/people-met.ts'
import { klikkWindow } from './klikk-window.ts'
import { mutualPicks } from './mutual-picks.ts'

/** Her klikk settings; the defaults until she has chosen anything. */
export async function klikkSettingsOf(db: Db, userId: string) {
  const [row] = await db.select().from(klikkSettings).where(eq(klikkSettings.userId, userId))
  return {
    share: row?.share ?? null,
    phone: row?.phone ?? null,
    instagram: row?.instagram ?? null,
    hidden: row?.hidden ?? false,
  }
}

/** Who of these have hidden themselves from picks. */
export async function hiddenFromPicks(db: Db, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>()
  const rows = await db
    .select({ userId: klikkSettings.userId })
    .from(klikkSettings)
    .where(and(inArray(klikkSettings.userId, userIds), eq(klikkSettings.hidden, true)))
  return new Set(rows.map((row) => row.userId))
}

/**
 * The women she could pick at these evenings: "people you met" (the same query, so the list and
 * the server's check agree), less those who hid themselves from picks.
 */
export async function pickableAt(db: Db, userId: string, language: string, eventId?: string) {
  const met = await peopleMetBy(db, userId, language, eventId ? { eventId } : undefined)
  const everyone = met.flatMap((evening) =>
    evening.rounds.flatMap((round) => round.people.map((person) => person.id)),
  )
  const hidden = await hiddenFromPicks(db, [...new Set(everyone)])
  return met.map((evening) => ({
    ...evening,
    rounds: evening.rounds
      .map((round) => ({
        ...round,
        people: round.people.filter((person) => !hidden.has(person.id)),
      }))
      .filter((round) => round.people.length > 0),
  }))
}

interface Contact {
  share: KlikkShare
  value: string
}

/** What she let a match see: nothing until she chose. */
function contactOf(row: {
  share: KlikkShare | null
  email: string
  phone: string | null
  instagram: string | null
}): Contact | null {
  if (row.share === 'email') return { share: 'email', value: row.email }
  if (row.share === 'phone' && row.phone) return { share: 'phone', value: row.phone }
  if (row.share === 'instagram' && row.instagram)
    return { share: 'instagram', value: `@${row.instagram}` }
  return null
}

/** Her matches at these evenings, each with what the other chose to share (or nothing yet). */
export async function matchesOf(db: Db, userId: string, eventIds: string[]) {
  if (eventIds.length === 0) return []
  const mutual = await mutualPicks(
    db,
    and(eq(klikkPicks.pickerId, userId), inArray(klikkPicks.eventId, eventIds)),
  )
  if (mutual.length === 0) return []
  const others = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      email: profiles.email,
      share: klikkSettings.share,
      phone: klikkSettings.phone,
      instagram: klikkSettings.instagram,
    })
    .from(profiles)
    .leftJoin(klikkSettings, eq(klikkSettings.userId, profiles.id))
    .where(
      inArray(
        profiles.id,
        mutual.map((match) => match.otherId),
      ),
    )
  const byId = new Map(others.map((other) => [other.id, other]))
  return mutual.flatMap((match) => {
    const other = byId.get(match.otherId)
    if (!other) return []
    return [
      {
        eventId: match.eventId,
        id: other.id,
        fullName: other.fullName?.trim() ?? '',
        avatarUrl: other.avatarUrl,
        kind: match.kind,
        theirKind: match.theirKind,
        contact: contactOf(other),
      },
    ]
  })
}

/**
 * Her klikk page: for each evening she sat at that has ended and whose window is still open, or
 * where she has a match, the women she sat with round by round (her own pick on each, and whom
 * she blocked), her matches with their contact, her own answer to "how was it", and when the
 * window closes. Nothing here tells
 * her who picked her, unless it is mutual.
 */
export async function klikkOf(db: Db, userId: string, language: string, now: Date) {
  const met = await pickableAt(db, userId, language)
  const eventIds = met.map((evening) => evening.eventId)
  const [windows, picks, blocks, matches, settings, answers] = await Promise.all([
    eventIds.length
      ? db
          .select({
            id: events.id,
            endedAt: events.endedAt,
            klikkWindowHours: events.klikkWindowHours,
          })
          .from(events)
          .where(inArray(events.id, eventIds))
      : [],
    eventIds.length
      ? db
          .select({
            eventId: klikkPicks.eventId,
            pickedId: klikkPicks.pickedId,
            kind: klikkPicks.kind,
          })
          .from(klikkPicks)
          .where(and(eq(klikkPicks.pickerId, userId), inArray(klikkPicks.eventId, eventIds)))
      : [],
    db
      .select({ blockedId: klikkBlocks.blockedId })
      .from(klikkBlocks)
      .where(eq(klikkBlocks.blockerId, userId)),
    matchesOf(db, userId, eventIds),
    klikkSettingsOf(db, userId),
    eventIds.length
      ? db
          .select({
            eventId: klikkFeedback.eventId,
            rating: klikkFeedback.rating,
            comment: klikkFeedback.comment,
          })
          .from(klikkFeedback)
          .where(and(eq(klikkFeedback.userId, userId), inArray(klikkFeedback.eventId, eventIds)))
      : [],
  ])
  const answerOf = new Map(answers.map(({ eventId, ...answer }) => [eventId, answer] as const))
  const windowOf = new Map(windows.map((row) => [row.id, klikkWindow(row, now)]))
  const blocked = new Set(blocks.map((row) => row.blockedId))
  const pickOf = new Map(
    picks.map((pick): [string, KlikkKind] => [`${pick.eventId} ${pick.pickedId}`, pick.kind]),
  )
  const evenings = met.flatMap((evening) => {
    const window = windowOf.get(evening.eventId)
    const theirMatches = matches
      .filter((match) => match.eventId === evening.eventId)
      .map(({ eventId: _, ...match }) => match)
    if (!window?.ended || (!window.open && theirMatches.length === 0)) return []
    return [
      {
        eventId: evening.eventId,
        eventName: evening.eventName,
        startTime: evening.startTime.toISOString(),
        textLanguages: evening.textLanguages,
        closesAt: window.closesAt?.toISOString() ?? null,
        open: window.open,
        rounds: evening.rounds.map((round) => ({
          roundNumber: round.roundNumber,
          tableName: round.tableName,
          people: round.people.map((person) => ({
            ...person,
            pick: pickOf.get(`${evening.eventId} ${person.id}`) ?? null,
            blocked: blocked.has(person.id),
          })),
        })),
        matches: theirMatches,
        feedback: answerOf.get(evening.eventId) ?? null,
      },
    ]
  })
  const { share, phone, instagram, hidden } = settings
  return { evenings, contact: { share, phone, instagram }, hidden }
}
