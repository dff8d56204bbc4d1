import type { ReactNode } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

const FEATURES: { id: 'workouts' | 'nutrition' | 'support'; icon: ReactNode }[] = [
  {
    id: 'workouts',
    icon: <path d="M4 10v4M20 10v4M7 7v10M17 7v10M7 12h10" />,
  },
  {
    id: 'nutrition',
    icon: (
      <path d="M12 20c-4.5 0-7-3.2-7-7.5C5 8 8.5 5 12 5s7 3 7 7.5c0 4.3-2.5 7.5-7 7.5ZM12 5c0-1.5 1-3 3-3" />
    ),
  },
  {
    id: 'support',
    icon: (
      <path d="M5 17.5V12a7 7 0 0 1 14 0v5.5M5 13h2.5v5H5zM16.5 13H19v5h-2.5zM19 18c0 2-2 3-5 3" />
    ),
  },
]

export function FeatureCards() {
  const { t, i18n } = useTranslation('landing')
  return (
    <section
      aria-labelledby="features-heading"
      className="render-when-near bg-white/60 py-16"
      style={sectionSizeStyle('features', i18n.language)}
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading id="features-heading">{t('features.heading')}</SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ id, icon }) => (
            <li key={id} className="rounded-3xl bg-cream p-7 ring-1 ring-ink/5">
              <span className="grid size-12 place-items-center rounded-2xl bg-blush text-rose-deep">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {icon}
                </svg>
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`features.${id}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{t(`features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
