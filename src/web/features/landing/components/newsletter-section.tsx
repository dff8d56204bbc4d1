import { useTranslation } from 'react-i18next'

/** Where the newsletter form lives; the newsletter feature renders it into this section. */
export function NewsletterSection() {
  const { t } = useTranslation('landing')
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="mx-auto max-w-3xl px-5 py-16 text-center sm:px-8"
    >
      <h2
        id="newsletter-heading"
        className="font-display text-3xl font-semibold tracking-tight sm:text-4xl"
      >
        {t('newsletter.heading')}
      </h2>
      <p className="mt-4 text-lg text-ink-soft">{t('newsletter.text')}</p>
      <div data-slot="newsletter-form" className="mt-8" />
    </section>
  )
}
