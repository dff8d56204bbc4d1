import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { EventWorkspace } from '../features/events/components/event-workspace.tsx'

/** /admin/events/:id: tables, participants, rounds and seating of one event (admins only). */
export default function AdminEventPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <EventWorkspace key={id} eventId={id} />
    </RequireRole>
  )
}
