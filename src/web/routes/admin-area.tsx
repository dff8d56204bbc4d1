import { lazy } from 'react'
import { Route, Switch } from 'wouter'
import { withTexts } from '../lib/with-texts.ts'
import { ServerData } from '../lib/query-client.tsx'

// The admin screens load with this one chunk's router, not with the site's first page.
const AdminPage = lazy(() => import('./admin.tsx'))
const AdminNewsletterPage = lazy(() => import('./admin-newsletter.tsx'))
const AdminNewsletterCampaignsPage = lazy(() => import('./admin-newsletter-campaigns.tsx'))
const AdminNewsletterWelcomePage = lazy(() => import('./admin-newsletter-welcome.tsx'))
const AdminNewsletterCampaignPage = lazy(() => import('./admin-newsletter-campaign.tsx'))
const AdminNewsletterCampaignPreviewPage = lazy(
  () => import('./admin-newsletter-campaign-preview.tsx'),
)
const AdminUsersPage = lazy(withTexts(() => import('./admin-users.tsx'), ['admin']))
const AdminEventNewPage = lazy(() => import('./admin-event-new.tsx'))
const AdminEventPage = lazy(() => import('./admin-event.tsx'))
const AdminSeriesNewPage = lazy(() => import('./admin-series-new.tsx'))
const AdminSeriesPage = lazy(() => import('./admin-series.tsx'))
const AdminSettingsPage = lazy(withTexts(() => import('./admin-settings.tsx'), ['admin']))
const AdminAuditPage = lazy(withTexts(() => import('./admin-audit.tsx'), ['admin']))

/** /admin and everything under it; each screen guards itself (admins only). */
export default function AdminArea() {
  return (
    <ServerData>
      <Switch>
        <Route path="/admin" component={AdminPage} />
        <Route path="/admin/newsletter" component={AdminNewsletterPage} />
        <Route path="/admin/newsletter/campaigns" component={AdminNewsletterCampaignsPage} />
        <Route path="/admin/newsletter/welcome" component={AdminNewsletterWelcomePage} />
        {/* One route for new and saved: a new campaign keeps its editor when saving gives it an id. */}
        <Route path="/admin/newsletter/campaigns/:id" component={AdminNewsletterCampaignPage} />
        <Route
          path="/admin/newsletter/campaigns/:id/preview"
          component={AdminNewsletterCampaignPreviewPage}
        />
        <Route path="/admin/users" component={AdminUsersPage} />
        <Route path="/admin/settings" component={AdminSettingsPage} />
        <Route path="/admin/audit" component={AdminAuditPage} />
        <Route path="/admin/events/new" component={AdminEventNewPage} />
        <Route path="/admin/events/:id" component={AdminEventPage} />
        <Route path="/admin/series/new" component={AdminSeriesNewPage} />
        <Route path="/admin/series/:id" component={AdminSeriesPage} />
      </Switch>
    </ServerData>
  )
}
