import { AuditPanel } from '../features/admin/components/audit-panel.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'

/** /admin/audit: the audit log (admins only). */
export default function AdminAuditPage() {
  return (
    <RequireRole allow={['admin']}>
      <AuditPanel />
    </RequireRole>
  )
}
