import { useState } from 'react'
import { useApiData } from '#web/lib/use-api-data.ts'
import { useChanges } from '#web/lib/use-changes.ts'
import {
  fetchMemberEvents,
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
  const list = useApiData(fetchMemberEvents, 'member-events')
  // Each change heard: what else on her page follows the evenings (people met) reads again too.
  const [changes, setChanges] = useState(0)
  useChanges(memberEventsLiveUrl, () => {
    void list.reload()
    setChanges((n) => n + 1)
  })
  const [actionError, setActionError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  async function toggle(event: MemberEvent) {
    setBusy(event.id)
    setActionError(null)
    const result = event.registration ? await unregisterFrom(event.id) : await registerFor(event.id)
    if (!result.ok) setActionError(result.message)
    await list.reload()
    setBusy(null)
  }

  const events = list.data?.events ?? null
  const running = events?.find((e) => e.status === 'active' && e.registration === 'present') ?? null
  return {
    events,
    /** How many changes the page has heard: a key for the reads that follow them. */
    changes,
    /** A refused change, or a failed read ('' when the server said nothing). */
    error: actionError ?? list.error,
    busy,
    toggle,
    /** The running event she is checked in to: her table, live. */
    running,
    /** The evening she came to that has just ended: its closing (decision 63). */
    ended: list.data?.ended ?? null,
    /** Her next evening: never the one she is at now. */
    next: events?.find((e) => e.id !== running?.id) ?? null,
  }
}
