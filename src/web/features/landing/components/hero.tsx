import type { ReactNode } from 'react'
import { launchSentence } from '#web/lib/launch-text.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import heroDrawing from '#web/assets/landing/hero.svg?raw'

/**
 * On /welcome the welcome panel holds the page's h1, so the hero steps down to h2. A notice
 * (signing in needed) sits at its top, on the same background, pushing the content down.
 */
export function Hero({ headingLevel = 1, notice }: { headingLevel?: 1 | 2; notice?: ReactNode }) {
  const { t } = useTranslation('landing')
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="hero-glow pointer-events-none absolute -top-72 -right-64 size-[50rem]"
      />
      {notice}
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-5 pt-10 pb-8 sm:px-8 md:grid-cols-[1.1fr_1fr] md:pt-16 lg:gap-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-medium text-rose-deep ring-1 ring-rose/20">
            <span aria-hidden="true" className="size-2 rounded-full bg-rose" />
            {launchSentence('badge')}
          </p>
          <Heading
            id="hero-heading"
            className="mt-6 font-display text-[2.6rem] leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl"
          >
            {t('hero.title')}
          </Heading>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">
            {launchSentence('lead')}
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <a
              href="#newsletter"
              className="rounded-full bg-rose-deep px-6 py-3.5 font-semibold text-white shadow-lg shadow-rose/25 transition hover:bg-ink"
            >
              {t('hero.cta')}
            </a>
            <a
              href="#highlights"
              className="rounded-full px-5 py-3.5 font-semibold text-ink underline-offset-4 hover:underline"
            >
              {t('hero.secondary')}
            </a>
          </div>
        </div>
        {/*
          In the page itself, not an <img>: a drawing of 3 KB paints with the first paint, and a
          slow phone is spared the separate SVG document an <img> of it makes (about 20 ms of
          its main thread, decision 45).
        */}
        <div
          role="img"
          aria-label={t('hero.imageAlt')}
          className="mx-auto aspect-square w-full max-w-md md:max-w-none [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: heroDrawing }}
        />
      </div>
    </section>
  )
}
