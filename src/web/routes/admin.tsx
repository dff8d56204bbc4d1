import { useTranslation } from '../lib/use-translation.ts'
import { Link, useLocation } from 'wouter'
import { Button } from '../components/ui/button.tsx'
import { authPost } from '../features/auth/api/auth-api.ts'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { signedOut } from '../lib/session-store.ts'
import { DashboardPanel } from '../features/dashboard/components/dashboard-panel.tsx'
import { EventsOverview } from '../features/events/components/events-overview.tsx'
import { TonightCard } from '../features/events/components/tonight-card.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { publicConfig } from '../lib/public-config.ts'

/** The admin's sections; the events list is on this page. */
const SECTIONS = [
  ['users', '/admin/users'],
  ['events', '#events-heading'],
  ['newsletter', '/admin/newsletter'],
  ['settings', '/admin/settings'],
  ['audit', '/admin/audit'],
] as const
const linkClass =
  'rounded-full bg-white px-5 py-2.5 font-semibold text-rose-deep ring-1 ring-rose/30 transition hover:ring-rose'

/** The admin area's home: today's evening first, then navigation, the dashboard and the events list. */
export default function AdminPage() {
  return (
    <RequireRole allow={['admin']}>
      <AdminDashboard />
    </RequireRole>
  )
}

/**
 * The launch date she set is over: the site has stopped naming it (it says "Coming soon"), and
 * she should know, with the way to the setting (which takes focus there).
 */
function LaunchPassedNotice() {
  const { t } = useTranslation('auth')
  if (!publicConfig().launch.passed) return null
  return (
    <div
      data-testid="launch-passed"
      className="mt-8 flex flex-col gap-3 rounded-3xl bg-blush/70 px-5 py-4 ring-1 ring-rose/30 sm:flex-row sm:items-center sm:justify-between sm:px-7"
    >
      <p className="font-medium text-ink">{t('admin.launchPassed')}</p>
      <Link
        href="/admin/settings#launch"
        className="shrink-0 self-start rounded-full bg-rose-deep px-5 py-2.5 font-semibold text-white transition hover:bg-ink sm:self-center"
      >
        {t('admin.launchPassedLink')}
      </Link>
    </div>
  )
}

function AdminDashboard() {
  const { t } = useTranslation('auth')
  const [, navigate] = useLocation()
  useDocumentTitle(`${t('admin.title')} – Lendület`)
  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="font-display text-4xl font-semibold tracking-tight">{t('admin.title')}</h1>
          <p className="mt-3 text-lg text-ink-soft">{t('admin.intro')}</p>
        </div>
        {/* Apart from the sections, and plainly a button: signing out is not a place to go. */}
        <Button
          type="button"
          variant="outline"
          size="md"
          className="self-start"
          onClick={async () => {
            await authPost('/sign-out')
            signedOut()
            navigate('/')
          }}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none">
            <path
              d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M13 14l4-4-4-4M17 10H8"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('admin.logout')}
        </Button>
      </div>
      <TonightCard />
      <nav aria-label={t('admin.title')} className="mt-8 flex flex-wrap gap-3">
        {SECTIONS.map(([section, path]) =>
          path.startsWith('#') ? (
            <a key={section} href={path} className={linkClass}>
              {t(`admin.${section}`)}
            </a>
          ) : (
            <Link key={section} href={path} className={linkClass}>
              {t(`admin.${section}`)}
            </Link>
          ),
        )}
      </nav>
      <LaunchPassedNotice />
      <DashboardPanel />
      <EventsOverview />
    </div>
  )
}
