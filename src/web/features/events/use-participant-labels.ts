import { useMemo } from 'react'
import { distinctLabels, sortByName } from '#shared/people-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { Participant } from './api/admin-events-api.ts'

/** A person's name on the admin's screens: her full name, or her e-mail address without one. */
export const personName = (p: { fullName: string | null; email: string }) => p.fullName || p.email

export interface ParticipantLabels {
  /** Her name, with the start of her member code when another participant has the same one. */
  labelOf: (userId: string) => string
  /** A sorted copy, by the label of each item's person, in the order of the page's language. */
  sorted: <T>(list: readonly T[], userIdOf: (item: T) => string) => T[]
}

/**
 * The event's participants as the screens name them: two "Nagy Eszter"s become
 * "Nagy Eszter · K7M" and "Nagy Eszter · X4T" everywhere, and lists sort as the language does.
 */
export function useParticipantLabels(
  participants: readonly Participant[],
  nameOf: (p: Participant) => string = personName,
): ParticipantLabels {
  const { i18n } = useTranslation('events')
  const language = i18n.language
  return useMemo(() => {
    const labels = distinctLabels(
      participants.map((p) => ({ id: p.userId, name: nameOf(p), code: p.userCode })),
    )
    const labelOf = (userId: string) => labels.get(userId) ?? '—'
    return {
      labelOf,
      sorted: (list, userIdOf) => sortByName(list, (item) => labelOf(userIdOf(item)), language),
    }
  }, [participants, nameOf, language])
}
