import { useTranslation } from '../../../lib/use-translation.ts'
import { SectionHeading } from '../../../components/ui/section-heading.tsx'

/** Where the newsletter form lives; the newsletter feature renders it into this section. */
export function NewsletterSection() {
  const { t } = useTranslation('landing')
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="mx-auto max-w-3xl px-5 py-16 text-center sm:px-8"
    >
      <SectionHeading id="newsletter-heading">{t('newsletter.heading')}</SectionHeading>
      <p className="mt-4 text-lg text-ink-soft">{t('newsletter.text')}</p>
      <div data-slot="newsletter-form" className="mt-8" />
    </section>
  )
}
