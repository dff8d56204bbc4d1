import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

/**
 * The newsletter invitation; the page puts the newsletter feature's form in it. While the form
 * unsubscribes (`leaving`), the section says so in its own heading and text, brought into view
 * when she switches.
 */
export function NewsletterSection({
  leaving = false,
  children,
}: {
  leaving?: boolean
  children: ReactNode
}) {
  const { t, i18n } = useTranslation('landing')
  const heading = useRef<HTMLDivElement>(null)
  const shown = useRef(leaving)
  useEffect(() => {
    if (shown.current === leaving) return
    shown.current = leaving
    heading.current?.scrollIntoView({ block: 'nearest' })
  }, [leaving])
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="render-when-near mx-auto max-w-3xl px-5 py-16 text-center sm:px-8"
      style={sectionSizeStyle('newsletter', i18n.language)}
    >
      <div ref={heading}>
        <SectionHeading id="newsletter-heading">
          {t(leaving ? 'newsletter.leaveHeading' : 'newsletter.heading')}
        </SectionHeading>
        <p className="mt-4 text-lg text-ink-soft">
          {t(leaving ? 'newsletter.leaveText' : 'newsletter.text')}
        </p>
      </div>
      <div className="mt-8">{children}</div>
      <noscript>
        <p className="mt-8 rounded-2xl bg-white/80 p-5 text-ink-soft ring-1 ring-ink/10">
          {t('newsletter.noScript')}
        </p>
      </noscript>
    </section>
  )
}
