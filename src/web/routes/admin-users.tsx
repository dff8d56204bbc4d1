import { UsersPanel } from '../features/admin/components/users-panel.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'

/** /admin/users: the members, newest first, with their codes for the door (admins only). */
export default function AdminUsersPage() {
  return (
    <RequireRole allow={['admin']}>
      <UsersPanel />
    </RequireRole>
  )
}
