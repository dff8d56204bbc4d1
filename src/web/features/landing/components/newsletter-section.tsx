import type { ReactNode } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

/** The newsletter invitation; the page puts the newsletter feature's form in it. */
export function NewsletterSection({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('landing')
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="render-when-near mx-auto max-w-3xl px-5 py-16 text-center sm:px-8"
      style={sectionSizeStyle('newsletter', i18n.language)}
    >
      <SectionHeading id="newsletter-heading">{t('newsletter.heading')}</SectionHeading>
      <p className="mt-4 text-lg text-ink-soft">{t('newsletter.text')}</p>
      <div className="mt-8">{children}</div>
      <noscript>
        <p className="mt-8 rounded-2xl bg-white/80 p-5 text-ink-soft ring-1 ring-ink/10">
          {t('newsletter.noScript')}
        </p>
      </noscript>
    </section>
  )
}
