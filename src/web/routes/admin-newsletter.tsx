import { RequireRole } from '../features/auth/components/require-role.tsx'
import { NewsletterAdminNav } from '../features/newsletter/components/newsletter-admin-nav.tsx'
import { SubscribersPanel } from '../features/newsletter/components/subscribers-panel.tsx'
import { SuppressionsPanel } from '../features/newsletter/components/suppressions-panel.tsx'

/**
 * /admin/newsletter: the subscribers list, export and removal, and the addresses the newsletter
 * leaves alone (admins only).
 */
export default function AdminNewsletterPage() {
  return (
    <RequireRole allow={['admin']}>
      <NewsletterAdminNav current="subscribers" />
      <SubscribersPanel />
      <div className="mx-auto max-w-6xl px-5 pb-12 sm:px-8">
        <SuppressionsPanel />
      </div>
    </RequireRole>
  )
}
