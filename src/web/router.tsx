import { lazy, Suspense, useEffect } from 'react'
import type i18n from 'i18next'
import { useTranslation } from './lib/use-translation.ts'
import { Route, Switch, useLocation, useSearch } from 'wouter'
import { isLanguage } from '#shared/languages.ts'
import { SIGN_IN_CALLBACK_PATH, isScreenPath } from '#shared/site-paths.ts'
import { PageLayout } from './components/layout/page-layout.tsx'
import { PageSpinner } from './components/ui/page-spinner.tsx'
import { stripLanguageParam } from './lib/i18n.ts'
import { preloadableLazy } from './lib/preloadable-lazy.tsx'
import { withTexts } from './lib/with-texts.ts'

/** The addresses that show the landing page. */
const LANDING_PATHS: readonly string[] = ['/', '/landing', '/home', '/welcome']

// Every screen loads on demand, keeping each page's first load to its own screen. The landing
// page too: it runs its islands, not the app, for a visitor who is signed out (decision 95), so
// the account forms need not carry it (decision 102).
const loadLanding = () => import('./routes/landing.tsx')
type LandingProps = Parameters<(typeof import('./routes/landing.tsx'))['LandingPage']>[0]
const LandingPage = preloadableLazy<LandingProps>(async () => ({
  default: (await loadLanding()).LandingPage,
}))
const PrivacyPolicyPage = preloadableLazy(() => import('./routes/privacy-policy.tsx'))
const AuthCallbackPage = lazy(() => import('./routes/auth-callback.tsx'))
const UnknownAddressPage = preloadableLazy(() => import('./routes/not-found.tsx'))
const SignupPage = preloadableLazy(() => import('./routes/signup.tsx'))
const LoginPage = preloadableLazy(() => import('./routes/login.tsx'))
const ForgotPasswordPage = preloadableLazy(() => import('./routes/forgot-password.tsx'))
const ChangePasswordPage = lazy(() => import('./routes/change-password.tsx'))
const AccountPage = lazy(withTexts(() => import('./routes/account.tsx'), ['account', 'auth']))
const AdminArea = lazy(() => import('./routes/admin-area.tsx'))
const AdminSetupPage = lazy(() => import('./routes/admin-setup.tsx'))
const DeleteAccountPage = lazy(
  withTexts(() => import('./routes/delete-account.tsx'), ['account', 'auth']),
)
const NewsletterVerifyPage = preloadableLazy(() => import('./routes/newsletter-verify.tsx'))
const NewsletterUnsubscribePage = preloadableLazy(
  () => import('./routes/newsletter-unsubscribe.tsx'),
)
const NewsletterIssuePage = lazy(() => import('./routes/newsletter-issue.tsx'))
const EventsPage = lazy(() => import('./routes/events.tsx'))
const SeriesUnfollowPage = lazy(() => import('./routes/series-unfollow.tsx'))
const EventOfferPage = lazy(() => import('./routes/event-offer.tsx'))
const EventFriendPage = lazy(() => import('./routes/event-friend.tsx'))
const KlikkscreenPage = lazy(() => import('./routes/klikkscreen.tsx'))
const ScreenPage = lazy(() => import('./routes/screen.tsx'))
const AdminRoundPrintPage = lazy(() => import('./routes/admin-round-print.tsx'))
const AdminEventDoorPage = lazy(() => import('./routes/admin-event-door.tsx'))

/** The prerendered screens other than the landing page (server/web/public-pages.ts). */
const PRERENDERED_SCREENS: Record<string, { preload: () => Promise<void> }> = {
  '/privacy-policy': PrivacyPolicyPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/newsletter/verify': NewsletterVerifyPage,
  '/newsletter/unsubscribe': NewsletterUnsubscribePage,
}

/**
 * What a prerendered screen needs before it can hydrate without suspending: its code and texts
 * (the page carries the texts it was rendered with; these load what it lacks, if anything).
 */
export function preloadScreen(path: string, texts: Promise<typeof i18n>): Promise<unknown> {
  if (LANDING_PATHS.includes(path))
    return Promise.all([LandingPage.preload(), loadLanding().then((m) => m.preloadLanding(texts))])
  const screen = PRERENDERED_SCREENS[path] ?? (isScreenPath(path) ? null : UnknownAddressPage)
  return Promise.all([texts, screen?.preload()])
}

/** `?lang=` works on every route: apply it, remember it, then tidy the address. */
function LanguageFromQuery() {
  const { i18n } = useTranslation()
  const [path, navigate] = useLocation()
  const search = useSearch()
  useEffect(() => {
    const requested = new URLSearchParams(search).get('lang')
    if (isLanguage(requested) && requested !== i18n.language) void i18n.changeLanguage(requested)
    const cleaned = stripLanguageParam(search)
    if (cleaned !== null) navigate(`${path}${cleaned}${window.location.hash}`, { replace: true })
  }, [path, search, i18n, navigate])
  return null
}

export function AppRoutes() {
  return (
    <Switch>
      {/* The big screen fills the projector: no site header or footer. */}
      <Route path="/klikkscreen">
        <LanguageFromQuery />
        <Suspense fallback={<PageSpinner />}>
          <KlikkscreenPage />
        </Suspense>
      </Route>
      {/* The big screen by a screen link or its code, without an account (decision 0066). */}
      <Route path="/screen">
        <LanguageFromQuery />
        <Suspense fallback={<PageSpinner />}>
          <ScreenPage />
        </Suspense>
      </Route>
      <Route path="/screen/:key">
        <LanguageFromQuery />
        <Suspense fallback={<PageSpinner />}>
          <ScreenPage />
        </Suspense>
      </Route>
      {/* A round's seating to print: only the pages, no site header or footer. */}
      <Route path="/admin/events/:id/rounds/:roundId/print">
        <LanguageFromQuery />
        <Suspense fallback={<PageSpinner />}>
          <AdminRoundPrintPage />
        </Suspense>
      </Route>
      {/* The door screen: the field first, nothing above it but the way back. */}
      <Route path="/admin/events/:id/door">
        <LanguageFromQuery />
        <Suspense fallback={<PageSpinner />}>
          <AdminEventDoorPage />
        </Suspense>
      </Route>
      <Route>
        <SiteRoutes />
      </Route>
    </Switch>
  )
}

function SiteRoutes() {
  return (
    <PageLayout>
      <LanguageFromQuery />
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/">
            <LandingPage />
          </Route>
          <Route path="/landing">
            <LandingPage />
          </Route>
          <Route path="/home">
            <LandingPage home />
          </Route>
          <Route path="/welcome">
            <LandingPage welcome />
          </Route>
          <Route path="/privacy-policy" component={PrivacyPolicyPage} />
          <Route path="/signup" component={SignupPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/change-password" component={ChangePasswordPage} />
          <Route path="/account" component={AccountPage} />
          <Route path="/events" component={EventsPage} />
          <Route path="/series/unfollow" component={SeriesUnfollowPage} />
          <Route path="/events/offer/:id" component={EventOfferPage} />
          <Route path="/events/friend/:id" component={EventFriendPage} />
          <Route path="/admin" component={AdminArea} />
          <Route path="/admin/*" component={AdminArea} />
          <Route path="/admin-setup" component={AdminSetupPage} />
          <Route path="/delete-account" component={DeleteAccountPage} />
          <Route path="/newsletter/verify" component={NewsletterVerifyPage} />
          <Route path="/newsletter/unsubscribe" component={NewsletterUnsubscribePage} />
          <Route path="/newsletter/issues/:id" component={NewsletterIssuePage} />
          <Route path={SIGN_IN_CALLBACK_PATH} component={AuthCallbackPage} />
          {/* SPEC: any other path is the sign-in callback; without what a link brings, not found. */}
          <Route component={UnknownAddressPage} />
        </Switch>
      </Suspense>
    </PageLayout>
  )
}
