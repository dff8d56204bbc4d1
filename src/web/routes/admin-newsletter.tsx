import { RequireRole } from '../features/auth/components/require-role.tsx'
import { SubscribersPanel } from '../features/newsletter/components/subscribers-panel.tsx'

/** /admin/newsletter: the subscribers list, export and removal (admins only). */
export default function AdminNewsletterPage() {
  return (
    <RequireRole allow={['admin']}>
      <SubscribersPanel />
    </RequireRole>
  )
}
