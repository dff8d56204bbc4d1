import { useApiData } from '#web/lib/use-api-data.ts'
import { fetchPeopleMet } from './api/member-events-api.ts'

/**
 * Who she sat with, read again at each change her page hears (`changes`, from useMemberEvents),
 * so a round that starts fills it in without a reload. The old list stays while the new one comes.
 */
export function usePeopleMet(changes: number) {
  return useApiData(fetchPeopleMet, `people-met-${changes}`)
}
