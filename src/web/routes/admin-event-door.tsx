import { useParams } from 'wouter'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { DoorScreen } from '../features/door/door-screen.tsx'

/**
 * /admin/events/:id/door: the event's door screen. Admins, and the members an admin lets work
 * this door (the server decides; anyone else reads its refusal).
 */
export default function AdminEventDoorPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow="signed-in">
      <DoorScreen key={id} eventId={id} />
    </RequireRole>
  )
}
