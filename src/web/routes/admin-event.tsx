import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { EventWorkspace } from '../features/events/components/event-workspace.tsx'
import { UnseatedAlert } from '../features/unseated/unseated-alert.tsx'

/**
 * /admin/events/:id: tables, participants, rounds and seating of one event (admins only), with
 * the alert that someone is in with no seat kept in view above it while she scrolls.
 */
export default function AdminEventPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <UnseatedAlert key={`alert-${id}`} eventId={id} sticky returnFocusTo="event-heading" />
      <EventWorkspace key={id} eventId={id} />
    </RequireRole>
  )
}
