import { useQuery } from '@tanstack/react-query'
import { peopleMetQuery } from './api/member-events-api.ts'

/**
 * Who she sat with. Her page's live stream (useMemberEvents) marks it stale at each change, so
 * a round that starts fills it in without a reload; the old list stays while the new one comes.
 */
export function usePeopleMet() {
  return useQuery(peopleMetQuery())
}
