import { useParams } from 'wouter'
import { useSession } from '#web/lib/session-store.ts'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { DoorScreen } from '../features/door/door-screen.tsx'
import { UnseatedAlert, useUnseated } from '../features/unseated/unseated-alert.tsx'

/**
 * /admin/events/:id/door: the event's door screen. Admins, and the members an admin lets work
 * this door (the server decides; anyone else reads its refusal). The host at the door also sees
 * who is in with no seat, and seats her from there; a door helper is told to tell the host.
 */
export default function AdminEventDoorPage() {
  const { id = '' } = useParams<{ id: string }>()
  const session = useSession()
  const host = session.status === 'signed-in' && session.role === 'admin'
  return (
    <RequireRole allow="signed-in">
      <DoorScreen key={id} eventId={id} hostAlert={host ? <HostAlert eventId={id} /> : null} />
    </RequireRole>
  )
}

/** Only the host asks who has no seat: the server refuses a door helper the list. */
function HostAlert({ eventId }: { eventId: string }) {
  const unseated = useUnseated(eventId)
  return (
    <UnseatedAlert eventId={eventId} loaded={unseated} sticky={false} returnFocusTo="door-entry" />
  )
}
