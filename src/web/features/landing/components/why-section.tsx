import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

const REASONS = ['personal', 'women', 'science', 'community'] as const

export function WhySection() {
  const { t, i18n } = useTranslation('landing')
  return (
    <section
      aria-labelledby="why-heading"
      className="render-when-near bg-sage-deep py-16 text-cream"
      style={sectionSizeStyle('why', i18n.language)}
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading id="why-heading">{t('why.heading')}</SectionHeading>
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((id, i) => (
            <li key={id}>
              <span aria-hidden="true" className="font-display text-3xl text-gold-light">
                0{i + 1}
              </span>
              <h3 className="mt-2 text-lg font-semibold">{t(`why.${id}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-cream/85">{t(`why.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
