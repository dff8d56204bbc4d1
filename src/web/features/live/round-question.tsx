import { shownQuestion } from '#shared/schemas/questions.ts'
import type { LiveState } from '#shared/live-state.ts'
import { useTranslation } from '#web/lib/use-translation.ts'

type Question = NonNullable<NonNullable<LiveState['round']>['question']>

/**
 * The round's conversation starter in the reader's language (the big screen's, or hers on her
 * phone), else the Hungarian (decision 86). Nothing when the round has none.
 */
export function RoundQuestion({
  question,
  variant,
}: {
  question: Question | null
  variant: 'screen' | 'phone'
}) {
  const { t, i18n } = useTranslation('events')
  const shown = question ? shownQuestion(question.texts, i18n.language) : null
  if (!shown) return null
  const lang = shown.language === i18n.language ? undefined : shown.language
  if (variant === 'screen')
    return (
      <figure className="mx-auto max-w-[min(90vw,70rem)] rounded-3xl bg-white/85 px-[3vw] py-[2vh] text-center shadow-lg ring-1 shadow-rose/10 ring-rose/20">
        <figcaption className="text-[clamp(0.875rem,1.8vh,1.75rem)] font-semibold tracking-wide text-rose-deep uppercase">
          {t('klikkscreen.question')}
        </figcaption>
        <blockquote
          lang={lang}
          data-testid="round-question"
          className="mt-[0.5vh] font-display text-[clamp(1.5rem,4vh,4rem)] leading-snug font-semibold text-balance"
        >
          {shown.text}
        </blockquote>
      </figure>
    )
  return (
    <figure className="mt-6 rounded-2xl p-4 ring-1 ring-cream/40">
      <figcaption className="text-sm font-semibold tracking-wide text-cream uppercase">
        {t('myTable.question')}
      </figcaption>
      <blockquote
        lang={lang}
        data-testid="my-table-question"
        className="mt-1 font-display text-xl leading-snug font-semibold text-balance"
      >
        {shown.text}
      </blockquote>
    </figure>
  )
}
