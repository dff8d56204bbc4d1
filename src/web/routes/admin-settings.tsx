import { QuestionsPanel } from '../features/admin/components/questions-panel.tsx'
import { SettingsPanel } from '../features/admin/components/settings-panel.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'

/** /admin/settings: how the site is configured, read-only (admins only). */
export default function AdminSettingsPage() {
  return (
    <RequireRole allow={['admin']}>
      <SettingsPanel />
      <div className="mx-auto max-w-4xl px-5 pb-12 sm:px-8">
        <QuestionsPanel />
      </div>
    </RequireRole>
  )
}
