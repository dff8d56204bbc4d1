import { publicConfig } from '#web/lib/public-config.ts'
import { homeFor, useSession } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { Link } from 'wouter'
import welcomeImage from '#web/assets/landing/welcome.svg'

/** Shown on /welcome, after a new account is verified. */
export function WelcomePanel() {
  const { t } = useTranslation('landing')
  const session = useSession()
  const config = publicConfig()
  // Only once the app is in a store: before that, there is no app to sign in to.
  const appOut = config.appStoreUrl !== '' || config.googlePlayUrl !== ''
  return (
    <section aria-labelledby="welcome-heading" className="mx-auto mt-6 max-w-6xl px-5 sm:px-8">
      <div className="flex flex-col items-center gap-6 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-sage/30 sm:flex-row sm:p-8 sm:text-left">
        <img
          src={welcomeImage}
          alt={t('welcome.imageAlt')}
          width={320}
          height={320}
          className="size-28 shrink-0"
        />
        <div className="flex-1">
          <h1
            id="welcome-heading"
            className="font-display text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {t('welcome.title')}
          </h1>
          <p className="mt-2 text-ink-soft">{t('welcome.created')}</p>
          {appOut && <p className="mt-1 text-ink-soft">{t('welcome.mobileApp')}</p>}
        </div>
        {/* Her own home: /home for a member, the dashboard on /admin for a host. */}
        <Link
          href={session.status === 'signed-in' ? homeFor(session.role) : '/home'}
          className="shrink-0 rounded-full bg-sage-deep px-6 py-3 font-semibold text-white transition hover:bg-ink"
        >
          {t('welcome.dashboard')}
        </Link>
      </div>
    </section>
  )
}
