import { lazy, Suspense } from 'react'
import { useSession } from '../lib/session-store.ts'
import { useTranslation } from '../lib/use-translation.ts'
import { WhenNearViewport } from '../components/ui/when-near-viewport.tsx'
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

// Her own panel on /home: only for a signed-in member, so never in the first load.
const MemberHomePanel = lazy(() => import('./member-home-panel.tsx'))

// Far below the fold: loaded as the visitor scrolls towards it, not with the page.
const NewsletterForm = lazy(() => import('../features/newsletter/components/newsletter-form.tsx'))

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
  const { t } = useTranslation('landing')
  const session = useSession()
  useDocumentTitle(t('meta.title'), t('meta.description'))
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
      <MarketingSection />
      <FeatureCards />
      <TrainerSection />
      <WhySection />
      <DownloadSection />
      <NewsletterSection>
        <WhenNearViewport minHeight="22rem">
          <NewsletterForm />
        </WhenNearViewport>
      </NewsletterSection>
      <ContactLine />
    </>
  )
}
