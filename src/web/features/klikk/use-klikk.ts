import { useState } from 'react'
import type { KlikkContactInput, KlikkKind } from '#shared/schemas/klikk.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useApiData } from '#web/lib/use-api-data.ts'
import {
  blockMember,
  chooseContact,
  fetchKlikk,
  hideFromPicks,
  pickMember,
  unblockMember,
  withdrawPick,
} from './api/klikk-api.ts'

/**
 * Her klikk, read again at each change her page hears (`changes`, from the events page's live
 * stream: a match made by the other one shows at once), and her actions on it. Each action reads
 * the klikk again before it resolves, so the page shows what the server now holds.
 */
export function useKlikk(changes: number) {
  const klikk = useApiData(fetchKlikk, `klikk-${changes}`)
  const [busy, setBusy] = useState<string | null>(null)

  async function run<R>(key: string, action: () => Promise<R>): Promise<R> {
    setBusy(key)
    const result = await action()
    await klikk.reload()
    setBusy(null)
    return result
  }

  return {
    data: klikk.data,
    error: klikk.error,
    /** The action under way (`pick:<event>:<user>`, `block:<user>`, `contact`, `hidden`). */
    busy,
    pick: (eventId: string, userId: string, kind: KlikkKind | null) =>
      run<ApiResult<{ match: boolean } | { withdrawn: true }>>(`pick:${eventId}:${userId}`, () =>
        kind ? pickMember(eventId, userId, kind) : withdrawPick(eventId, userId),
      ),
    block: (userId: string, blocked: boolean) =>
      run(`block:${userId}`, () => (blocked ? blockMember(userId) : unblockMember(userId))),
    chooseContact: (contact: KlikkContactInput) => run('contact', () => chooseContact(contact)),
    hide: (hidden: boolean) => run('hidden', () => hideFromPicks(hidden)),
  }
}
