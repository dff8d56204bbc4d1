import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { refresh, useRefreshOnChanges } from '#web/lib/query-client.tsx'
import { memberEventKeys } from '#web/lib/query-keys.ts'
import {
  answerOffer,
  memberEventsQuery,
  memberEventsLiveUrl,
  registerFor,
  unregisterFrom,
  type MemberEvent,
} from './api/member-events-api.ts'

/**
 * Her events, live (a start, her check-in, a round, a seat, a registration reach an open page),
 * and registering or withdrawing, with the server's word when it refuses.
 */
export function useMemberEvents() {
  const list = useQuery(memberEventsQuery())
  // Each change heard: her events, and what else on her page follows them (people met).
  useRefreshOnChanges(memberEventsLiveUrl, () => [memberEventKeys.all])
  const [actionError, setActionError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  async function toggle(event: Pick<MemberEvent, 'id' | 'registration'>) {
    setBusy(event.id)
    setActionError(null)
    const result = event.registration ? await unregisterFrom(event.id) : await registerFor(event.id)
    if (!result.ok) {
      setActionError(result.message)
      await refresh(memberEventKeys.list())
    }
    setBusy(null)
  }

  /** Yes or no to the place offered to her; a refusal (it lapsed, someone was quicker) is said. */
  async function answer(event: Pick<MemberEvent, 'id'>, yes: boolean) {
    setBusy(event.id)
    setActionError(null)
    const result = await answerOffer(event.id, yes)
    if (!result.ok) {
      setActionError(result.message)
      await refresh(memberEventKeys.list())
    }
    setBusy(null)
    return result.ok
  }

  const events = list.data?.events ?? null
  const running = events?.find((e) => e.status === 'active' && e.registration === 'present') ?? null
  return {
    events,
    /** A refused change, or a failed read ('' when the server said nothing). */
    error: actionError ?? (list.error ? list.error.message : null),
    busy,
    toggle,
    answer,
    /** The running event she is checked in to: her table, live. */
    running,
    /** The evening she came to that has just ended: its closing (decision 63). */
    ended: list.data?.ended ?? null,
    /** Her next evening: never the one she is at now. */
    next: events?.find((e) => e.id !== running?.id) ?? null,
  }
}
