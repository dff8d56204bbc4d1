import { SettingsPanel } from '../features/admin/components/settings-panel.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'

/** /admin/settings: how the site is configured, read-only (admins only). */
export default function AdminSettingsPage() {
  return (
    <RequireRole allow={['admin']}>
      <SettingsPanel />
    </RequireRole>
  )
}
