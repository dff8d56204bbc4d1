import { lazy } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { WhenNearViewport } from '../components/ui/when-near-viewport.tsx'
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

// Far below the fold: loaded as the visitor scrolls towards it, not with the page.
const NewsletterForm = lazy(() => import('../features/newsletter/components/newsletter-form.tsx'))

/** The coming-soon page on /, /landing, /home and /welcome (the last with a welcome panel on top). */
export function LandingPage({ welcome = false }: { welcome?: boolean }) {
  const { t } = useTranslation('landing')
  useDocumentTitle(t('meta.title'), t('meta.description'))
  return (
    <>
      {welcome && <WelcomePanel />}
      <Hero headingLevel={welcome ? 2 : 1} />
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
