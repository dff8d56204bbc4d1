import { lazy, Suspense } from 'react'
import { Link, useSearch } from 'wouter'
import { isSignInCallback } from '#shared/site-paths.ts'
import { CardPage } from '../components/ui/card-page.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'
import { useTranslation } from '../lib/use-translation.ts'

const AuthCallbackPage = lazy(() => import('./auth-callback.tsx'))

/**
 * Any address the app has no screen for. SPEC makes it the sign-in callback, and it is whenever it
 * carries what a sign-in link brings (shared/site-paths.ts); otherwise it says that the page does
 * not exist (the server answered 404) instead of quietly sending her somewhere else. The hash is
 * the browser's alone: it is read once the page is hydrated, as the server rendered without it.
 */
export default function UnknownAddressPage() {
  const search = useSearch()
  const hydrated = useHydrated()
  if (hydrated && isSignInCallback(search, window.location.hash))
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthCallbackPage />
      </Suspense>
    )
  return <NotFound />
}

function NotFound() {
  const { t } = useTranslation()
  return (
    <CardPage title={t('notFound.title')} intro={t('notFound.text')}>
      <div className="flex flex-col items-center gap-3 text-center">
        <Link href="/" className="font-semibold text-rose-deep underline underline-offset-4">
          {t('notFound.backHome')}
        </Link>
      </div>
    </CardPage>
  )
}
