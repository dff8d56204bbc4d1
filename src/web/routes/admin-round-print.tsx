import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { SeatingPrint } from '../features/events/components/seating-print.tsx'
import { ServerData } from '../lib/query-client.tsx'

/** /admin/events/:id/rounds/:roundId/print: a round's table cards and door list (admins only). */
export default function AdminRoundPrintPage() {
  const { id = '', roundId = '' } = useParams<{ id: string; roundId: string }>()
  return (
    <ServerData>
      <RequireRole allow={['admin']}>
        <SeatingPrint key={`${id}/${roundId}`} eventId={id} roundId={roundId} />
      </RequireRole>
    </ServerData>
  )
}
