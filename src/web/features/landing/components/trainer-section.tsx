import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import trainerImage from '#web/assets/landing/trainer.svg'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

export function TrainerSection() {
  const { t, i18n } = useTranslation('landing')
  return (
    <section
      aria-labelledby="trainer-heading"
      className="render-when-near mx-auto max-w-6xl px-5 py-16 sm:px-8"
      style={sectionSizeStyle('trainer', i18n.language)}
    >
      <div className="grid items-center gap-10 md:grid-cols-[1fr_1.3fr] lg:gap-16">
        <img
          src={trainerImage}
          alt={t('trainer.imageAlt')}
          width={560}
          height={640}
          loading="lazy"
          decoding="async"
          className="mx-auto w-full max-w-sm rounded-[2.5rem]"
        />
        <div>
          <SectionHeading id="trainer-heading">{t('trainer.heading')}</SectionHeading>
          <p className="mt-6 text-2xl font-semibold">{t('trainer.name')}</p>
          <p className="text-sm font-medium tracking-wide text-sage-deep uppercase">
            {t('trainer.role')}
          </p>
          <p className="mt-5 text-lg leading-relaxed text-ink-soft">{t('trainer.bio')}</p>
          <blockquote className="mt-8 border-l-4 border-rose pl-5 font-display text-xl text-ink italic">
            {t('trainer.quote')}
          </blockquote>
        </div>
      </div>
    </section>
  )
}
