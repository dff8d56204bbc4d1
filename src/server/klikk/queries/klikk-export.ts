import { asc, eq } from 'drizzle-orm'
import { eventText } from '#shared/event-texts.ts'
import type { Language } from '#shared/languages.ts'
import type { Db } from '../../db/client.ts'
import { events } from '../../db/schema/events.ts'
import { klikkBlocks, klikkFeedback, klikkPicks } from '../../db/schema/klikk.ts'
import { profiles } from '../../db/schema/profiles.ts'
import { eventsTranslator } from '../../i18n.ts'
import { mutualPicks } from './mutual-picks.ts'
import { klikkSettingsOf } from './my-klikk.ts'

/**
 * Her klikk for her data download, in her language: what she shares with matches, whether she is
 * hidden, the picks she made (each saying whether it became a klikk), whom she blocked and how she
 * said each evening felt. Never
 * who picked her without a match: that is not hers to learn, not even from her own data.
 */
export async function klikkDataOf(db: Db, userId: string, language: Language) {
  const t = eventsTranslator(language)
  const [settings, picks, matches, blocks, answers] = await Promise.all([
    klikkSettingsOf(db, userId),
    db
      .select({
        eventId: klikkPicks.eventId,
        pickedId: klikkPicks.pickedId,
        eventName: events.eventName,
        translations: events.translations,
        person: profiles.fullName,
        kind: klikkPicks.kind,
        pickedAt: klikkPicks.createdAt,
      })
      .from(klikkPicks)
      .innerJoin(events, eq(events.id, klikkPicks.eventId))
      .innerJoin(profiles, eq(profiles.id, klikkPicks.pickedId))
      .where(eq(klikkPicks.pickerId, userId))
      .orderBy(asc(klikkPicks.createdAt)),
    mutualPicks(db, eq(klikkPicks.pickerId, userId)),
    db
      .select({ person: profiles.fullName, blockedAt: klikkBlocks.createdAt })
      .from(klikkBlocks)
      .innerJoin(profiles, eq(profiles.id, klikkBlocks.blockedId))
      .where(eq(klikkBlocks.blockerId, userId))
      .orderBy(asc(klikkBlocks.createdAt)),
    db
      .select({
        eventName: events.eventName,
        translations: events.translations,
        rating: klikkFeedback.rating,
        comment: klikkFeedback.comment,
      })
      .from(klikkFeedback)
      .innerJoin(events, eq(events.id, klikkFeedback.eventId))
      .where(eq(klikkFeedback.userId, userId))
      .orderBy(asc(events.startTime), asc(events.id)),
  ])
  const matched = new Set(matches.map((match) => `${match.eventId} ${match.otherId}`))
  return {
    contactShared: settings.share ? t(`klikk.shares.${settings.share}`) : null,
    phone: settings.phone,
    instagram: settings.instagram,
    hiddenFromPicks: settings.hidden,
    picks: picks.map((pick) => ({
      event: eventText(pick, 'eventName', language).text,
      person: pick.person ?? '',
      kind: t(`klikk.kinds.${pick.kind}`),
      klikk: matched.has(`${pick.eventId} ${pick.pickedId}`),
      pickedAt: pick.pickedAt.toISOString(),
    })),
    blocked: blocks.map((block) => ({
      person: block.person ?? '',
      blockedAt: block.blockedAt.toISOString(),
    })),
    feedback: answers.map((answer) => ({
      event: eventText(answer, 'eventName', language).text,
      rating: answer.rating,
      comment: answer.comment,
    })),
  }
}
