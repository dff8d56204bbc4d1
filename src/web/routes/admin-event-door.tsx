import { useState } from 'react'
import { useParams } from 'wouter'
import { useSession } from '#web/lib/session-store.ts'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { DoorScreen } from '../features/door/door-screen.tsx'
import { keptDoorList } from '../features/door/kept-door-list.ts'
import { UnseatedAlert, useUnseated } from '../features/unseated/unseated-alert.tsx'
import { ServerData } from '../lib/query-client.tsx'

/**
 * /admin/events/:id/door: the event's door screen. Admins, and the members an admin lets work
 * this door (the server decides; anyone else reads its refusal). The host at the door also sees
 * who is in with no seat, and seats her from there; a door helper is told to tell the host.
 *
 * A phone that keeps this door's list opens the door at once, without asking who is signed in:
 * with no network the session cannot be read, and the door must still work (decision 67). The
 * server checks every request as ever; when it refuses her the door, the phone forgets the list
 * and the usual guard takes over (to the sign-in, if she is signed out).
 */
export default function AdminEventDoorPage() {
  const { id = '' } = useParams<{ id: string }>()
  const session = useSession()
  const [kept, setKept] = useState(() => keptDoorList(id) !== null)
  const host = session.status === 'signed-in' && session.role === 'admin'
  const door = (
    <DoorScreen
      key={id}
      eventId={id}
      onAccessLost={() => setKept(false)}
      hostAlert={host ? <HostAlert eventId={id} /> : null}
    />
  )
  return (
    <ServerData>{kept ? door : <RequireRole allow="signed-in">{door}</RequireRole>}</ServerData>
  )
}

/** Only the host asks who has no seat: the server refuses a door helper the list. */
function HostAlert({ eventId }: { eventId: string }) {
  const unseated = useUnseated(eventId)
  return (
    <UnseatedAlert eventId={eventId} loaded={unseated} sticky={false} returnFocusTo="door-entry" />
  )
}
