import { lazy, memo, Suspense, useState } from 'react'
import type i18n from 'i18next'
import { useSession } from '../lib/session-store.ts'
import { useTranslation } from '../lib/use-translation.ts'
import { preloadableLazy } from '../lib/preloadable-lazy.tsx'
import { SignInNeededNotice } from '../features/auth/components/sign-in-needed-notice.tsx'
import { ContactLine } from '../features/landing/components/contact-line.tsx'
import { DownloadSection } from '../features/landing/components/download-section.tsx'
import { FeatureCards } from '../features/landing/components/feature-cards.tsx'
import { Hero } from '../features/landing/components/hero.tsx'
import { MarketingSection } from '../features/landing/components/marketing-section.tsx'
import { NewsletterSection } from '../features/landing/components/newsletter-section.tsx'
import { TrainerSection } from '../features/landing/components/trainer-section.tsx'
import { WelcomePanel } from '../features/landing/components/welcome-panel.tsx'
import { WhySection } from '../features/landing/components/why-section.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import type { NewsletterFormMode } from '../features/newsletter/components/newsletter-form.tsx'
import { launchSentence } from '../lib/launch-text.ts'

// Her own panel on /home: only for a signed-in member, so never in the first load.
const MemberHomePanel = lazy(() => import('./member-home-panel.tsx'))

// The page's one purpose, so it is in the page from the start (prerendered, and in the Tab order
// before any scrolling); its code and texts come with the page's before it hydrates.
const NewsletterForm = preloadableLazy(
  () => import('../features/newsletter/components/newsletter-form.tsx'),
)

/** What the landing page needs before it hydrates: the newsletter form's code and texts. */
export function preloadLanding(texts: Promise<typeof i18n>): Promise<unknown> {
  return Promise.all([
    NewsletterForm.preload(),
    texts.then((ready) => ready.loadNamespaces('newsletter')),
  ])
}

/**
 * The coming-soon page on /, /landing, /home and /welcome (the last with a welcome panel on top;
 * /home with her own panel when a member is signed in).
 */
export function LandingPage({
  welcome = false,
  home = false,
}: {
  welcome?: boolean
  home?: boolean
}) {
  useTranslation('landing')
  const session = useSession()
  useDocumentTitle(launchSentence('title'), launchSentence('description'))
  // Signed out, or an admin, /home is the landing page as it is.
  const member =
    home && session.status === 'signed-in' && session.role === 'user' ? session.me : null
  return (
    <>
      {welcome && <WelcomePanel />}
      {member && (
        <Suspense fallback={null}>
          <MemberHomePanel me={member} />
        </Suspense>
      )}
      <Hero headingLevel={welcome || member ? 2 : 1} notice={<SignInNeededNotice />} />
      <LandingSections />
    </>
  )
}

/**
 * The page below the hero. It depends on nothing the page itself watches, so the session's
 * answer, which comes as the page hydrates, does not draw it again (a slow phone's long task).
 */
const LandingSections = memo(function LandingSections() {
  // The newsletter form's mode: its section's heading and text follow it.
  const [newsletterMode, setNewsletterMode] = useState<NewsletterFormMode>('subscribe')
  return (
    <>
      <MarketingSection />
      <FeatureCards />
      <TrainerSection />
      <WhySection />
      <DownloadSection />
      <NewsletterSection leaving={newsletterMode === 'unsubscribe'}>
        <Suspense fallback={<div className="min-h-[22rem]" />}>
          <NewsletterForm mode={newsletterMode} onModeChange={setNewsletterMode} />
        </Suspense>
      </NewsletterSection>
      <ContactLine />
    </>
  )
})
