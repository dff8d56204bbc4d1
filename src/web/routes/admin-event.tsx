import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { EventWorkspace } from '../features/events/components/event-workspace.tsx'
import { UnseatedAlert, useUnseated } from '../features/unseated/unseated-alert.tsx'

/**
 * /admin/events/:id: the evening's console, its rounds and its set-up (admins only), with the
 * alert that someone is in with no seat kept in view above it while she scrolls.
 */
export default function AdminEventPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <EventPage key={id} eventId={id} />
    </RequireRole>
  )
}

/** The console counts who has no seat from the same list the alert shows. */
function EventPage({ eventId }: { eventId: string }) {
  const unseated = useUnseated(eventId)
  return (
    <>
      <UnseatedAlert eventId={eventId} loaded={unseated} sticky returnFocusTo="event-heading" />
      <EventWorkspace eventId={eventId} unseatedCount={unseated.data?.people.length ?? 0} />
    </>
  )
}
