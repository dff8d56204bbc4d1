import { launchSentence } from '#web/lib/launch-text.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { useMediaQueryOnceKnown } from '#web/lib/use-media-query.ts'
import { MARKETING_CARDS } from '../marketing-cards.ts'
import { CardCarousel } from './card-carousel.tsx'
import { MarketingCard } from './marketing-card.tsx'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

/**
 * Three-column grid from 1024 px, a carousel below that. The prerendered page cannot know the
 * screen, so it carries both and CSS shows one (without JavaScript, the grid: see
 * prerender-head.ts); once hydrated, only the one that fits stays.
 */
export function MarketingSection() {
  const { t, i18n } = useTranslation('landing')
  const wide = useMediaQueryOnceKnown('(min-width: 1024px)')
  return (
    <section
      id="highlights"
      aria-labelledby="highlights-heading"
      className="render-when-near mx-auto max-w-6xl px-5 py-16 sm:px-8"
      style={sectionSizeStyle('highlights', i18n.language)}
    >
      <div className="max-w-2xl">
        <SectionHeading id="highlights-heading">{launchSentence('cardsHeading')}</SectionHeading>
        <p className="mt-3 text-lg text-ink-soft">{t('cards.intro')}</p>
      </div>
      <div className="mt-10">
        {wide !== false && (
          <div
            data-cards-grid=""
            className="grid gap-6 max-lg:hidden sm:grid-cols-2 lg:grid-cols-3"
          >
            {MARKETING_CARDS.map((card) => (
              <MarketingCard key={card.id} id={card.id} image={card.image} />
            ))}
          </div>
        )}
        {wide !== true && (
          <div data-js-only="" className="lg:hidden">
            <CardCarousel />
          </div>
        )}
      </div>
    </section>
  )
}
