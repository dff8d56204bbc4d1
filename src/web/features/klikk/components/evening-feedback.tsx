import { useId, useState, type FormEvent } from 'react'
import { KLIKK_FEEDBACK } from '#shared/schemas/klikk.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { TextAreaField } from '#web/components/ui/text-area-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { KlikkEvening } from '../api/klikk-api.ts'
import type { useKlikk } from '../use-klikk.ts'

const RATINGS = [1, 2, 3, 4, 5] as const

type Outcome = { tone: 'success' | 'error'; text: string } | null

/**
 * "How was the evening?" beside her picks (issue 40, part 4): five radio buttons (1–5, each with
 * its words) and an optional comment, sent together; she can change them while the window is
 * open. Once it has closed, her answer is shown as she gave it. The owner sees only the average
 * and the comments, never whose, and the form says so.
 */
export function EveningFeedback({
  evening,
  klikk,
}: {
  evening: KlikkEvening
  klikk: ReturnType<typeof useKlikk>
}) {
  const { t } = useTranslation('events')
  const id = useId()
  const saved = evening.feedback
  const [rating, setRating] = useState<number | null>(saved?.rating ?? null)
  const [comment, setComment] = useState(saved?.comment ?? '')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({})

  if (!evening.open) {
    if (!saved) return null
    return (
      <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-cream p-4">
        <h4 id={`${id}-title`} className="font-semibold">
          {t('klikk.feedback.title')}
        </h4>
        <p className="mt-1">{t('klikk.feedback.yourAnswer', { rating: saved.rating })}</p>
        {saved.comment && (
          <p className="mt-1 break-words whitespace-pre-line text-ink-soft">
            {t('klikk.feedback.yourComment', { comment: saved.comment })}
          </p>
        )}
      </section>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (rating === null) return setErrors({ rating: t('klikk.feedback.chooseFirst') })
    setErrors({})
    const result = await klikk.rate(evening.eventId, { rating, comment })
    if (result.ok) return setOutcome({ tone: 'success', text: t('klikk.feedback.saved') })
    if (result.fields) {
      const { rating: ratingError, comment: commentError } = result.fields
      setErrors({ rating: ratingError, comment: commentError })
    }
    setOutcome({ tone: 'error', text: result.message || t('klikk.failed') })
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-6 flex flex-col gap-4 rounded-2xl bg-cream p-4 ring-1 ring-ink/5 sm:p-5"
      data-testid="klikk-feedback"
    >
      <div>
        <h4 id={`${id}-title`} className="font-display text-lg font-semibold">
          {t('klikk.feedback.title')}
        </h4>
        <p className="mt-1 text-sm text-ink-soft">{t('klikk.feedback.anonymous')}</p>
      </div>
      <fieldset
        aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="text-sm font-semibold">{t('klikk.feedback.legend')}</legend>
        <div className="mt-2 grid grid-cols-5 gap-2">
          {RATINGS.map((value) => (
            <label key={value} className="relative flex">
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                aria-label={`${value} – ${t(`klikk.feedback.ratings.${value}`)}`}
                className="peer sr-only"
              />
              <span className="flex min-h-20 w-full cursor-pointer flex-col items-center justify-start gap-1 rounded-2xl bg-white px-1 py-2 text-center ring-1 ring-ink/15 transition peer-checked:bg-rose-deep peer-checked:text-white peer-checked:ring-rose-deep peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-deep hover:ring-rose-deep">
                <span className="font-display text-2xl leading-none font-semibold">{value}</span>
                <span className="text-xs leading-tight">
                  {t(`klikk.feedback.ratings.${value}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <div className="mt-2">
            <FieldError id={`${id}-rating-error`}>{errors.rating}</FieldError>
          </div>
        )}
      </fieldset>
      <TextAreaField
        label={t('klikk.feedback.commentLabel')}
        hint={t('klikk.feedback.commentHint', { max: KLIKK_FEEDBACK.commentMax })}
        error={errors.comment}
        maxLength={KLIKK_FEEDBACK.commentMax}
        rows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button
        type="submit"
        className="self-start"
        pending={klikk.busy === `feedback:${evening.eventId}`}
      >
        {saved ? t('klikk.feedback.change') : t('klikk.feedback.save')}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
    </form>
  )
}
