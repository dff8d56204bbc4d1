import { RequireRole } from '../features/auth/components/require-role.tsx'
import { NewsletterAdminNav } from '../features/newsletter/components/newsletter-admin-nav.tsx'
import { WelcomeSeriesPanel } from '../features/newsletter/components/welcome-series-panel.tsx'

/** /admin/newsletter/welcome: the e-mails new subscribers get, and the series' switch (admins only). */
export default function AdminNewsletterWelcomePage() {
  return (
    <RequireRole allow={['admin']}>
      <NewsletterAdminNav current="welcome" />
      <WelcomeSeriesPanel />
    </RequireRole>
  )
}
