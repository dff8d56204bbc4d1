import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { KlikkContactInput, KlikkFeedbackInput, KlikkKind } from '#shared/schemas/klikk.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { refresh } from '#web/lib/query-client.tsx'
import { memberEventKeys } from '#web/lib/query-keys.ts'
import {
  blockMember,
  chooseContact,
  hideFromPicks,
  klikkQuery,
  pickMember,
  rateEvening,
  unblockMember,
  withdrawPick,
} from './api/klikk-api.ts'

/**
 * Her klikk, by query key under her events: the events page's live stream marks it stale at
 * each change (a match made by the other one shows at once), and her actions on it. Each action
 * reads the klikk again before it resolves, so the page shows what the server now holds.
 */
export function useKlikk() {
  const klikk = useQuery(klikkQuery())
  const [busy, setBusy] = useState<string | null>(null)

  async function run<R>(key: string, action: () => Promise<R>): Promise<R> {
    setBusy(key)
    const result = await action()
    await refresh(memberEventKeys.klikk())
    setBusy(null)
    return result
  }

  return {
    data: klikk.data,
    error: klikk.error ? klikk.error.message : null,
    /**
     * The action under way (`pick:<event>:<user>`, `block:<user>`, `feedback:<event>`, `contact`,
     * `hidden`).
     */
    busy,
    pick: (eventId: string, userId: string, kind: KlikkKind | null) =>
      run<ApiResult<{ match: boolean } | { withdrawn: true }>>(`pick:${eventId}:${userId}`, () =>
        kind ? pickMember(eventId, userId, kind) : withdrawPick(eventId, userId),
      ),
    block: (userId: string, blocked: boolean) =>
      run(`block:${userId}`, () => (blocked ? blockMember(userId) : unblockMember(userId))),
    rate: (eventId: string, feedback: KlikkFeedbackInput) =>
      run(`feedback:${eventId}`, () => rateEvening(eventId, feedback)),
    chooseContact: (contact: KlikkContactInput) => run('contact', () => chooseContact(contact)),
    hide: (hidden: boolean) => run('hidden', () => hideFromPicks(hidden)),
  }
}
