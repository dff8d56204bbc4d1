import { useTranslation } from '../lib/use-translation.ts'
import { Link, useLocation } from 'wouter'
import { authPost } from '../features/auth/api/auth-api.ts'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { signedOut } from '../lib/session-store.ts'
import { EventsOverview } from '../features/events/components/events-overview.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'

/** The admin's sections; the events list is on this page. */
const SECTIONS = [
  ['users', '/admin/users'],
  ['events', '#events-heading'],
  ['newsletter', '/admin/newsletter'],
  ['settings', '/admin/settings'],
] as const
const linkClass =
  'rounded-full bg-white px-5 py-2.5 font-semibold text-rose-deep ring-1 ring-rose/30 transition hover:ring-rose'

/** The admin area's home: navigation and the events list. */
export default function AdminPage() {
  return (
    <RequireRole allow={['admin']}>
      <AdminDashboard />
    </RequireRole>
  )
}

function AdminDashboard() {
  const { t } = useTranslation('auth')
  const [, navigate] = useLocation()
  useDocumentTitle(`${t('admin.title')} – Lendület`)
  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t('admin.title')}</h1>
      <p className="mt-3 text-lg text-ink-soft">{t('admin.intro')}</p>
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
        <button
          type="button"
          className="rounded-full bg-ink px-5 py-2.5 font-semibold text-white transition hover:bg-rose-deep"
          onClick={async () => {
            await authPost('/sign-out')
            signedOut()
            navigate('/')
          }}
        >
          {t('admin.logout')}
        </button>
      </nav>
      <EventsOverview />
    </div>
  )
}
