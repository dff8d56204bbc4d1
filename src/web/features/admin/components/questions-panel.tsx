import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { LANGUAGES, type Language } from '#shared/languages.ts'
import { shownQuestion, type Question, type QuestionTexts } from '#shared/schemas/questions.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  addQuestion,
  questionsQuery,
  removeQuestion,
  reorderQuestions,
  updateQuestion,
} from '../api/admin-api.ts'

type Control = 'edit' | 'up' | 'down'

/** A question's four texts as the form holds them. */
function TextsForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: QuestionTexts
  submitLabel: string
  onSubmit: (texts: QuestionTexts) => Promise<boolean>
  onCancel?: () => void
}) {
  const { t } = useTranslation('admin')
  const [texts, setTexts] = useState<QuestionTexts>(initial)
  const [working, setWorking] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setWorking(true)
    const done = await onSubmit(texts)
    setWorking(false)
    if (done && !onCancel) setTexts({})
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {LANGUAGES.map(({ code, name }) => (
        <TextField
          key={code}
          lang={code}
          label={t('adminQuestions.text', { language: name })}
          value={texts[code] ?? ''}
          maxLength={200}
          onChange={(event) => setTexts({ ...texts, [code]: event.target.value })}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="solid" size="md" pending={working}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" size="md" onClick={onCancel}>
            {t('adminQuestions.cancel')}
          </Button>
        )}
      </div>
    </form>
  )
}

/**
 * The owner's conversation starters on the settings page: one per round on the big screen and
 * the phones (decision 86). Add, edit, switch off, reorder, remove; each question says which
 * languages it still lacks.
 */
export function QuestionsPanel() {
  const { t, i18n } = useTranslation('admin')
  const loaded = useQuery(questionsQuery())
  const [editing, setEditing] = useState<string | null>(null)
  // The question whose removal waits for her confirmation: a removed one cannot come back.
  const [removing, setRemoving] = useState<Question | null>(null)
  const [said, setSaid] = useState<string | null>(null)
  // A refusal shows where she acted: in the question's own card, or under the form that adds one.
  const [error, setError] = useState<{ at: string | null; text: string } | null>(null)
  // Where focus goes once the list has answered: the list changes under the control she used
  // (a moved card has no "Move up" at the top, a removed one is gone, an edit's form closes).
  const [focusNext, setFocusNext] = useState<{ id: string; control: Control } | null>(null)
  const controls = useRef(new Map<string, HTMLElement>())
  const controlRef = (id: string, control: Control) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${id}:${control}`, element)
    else controls.current.delete(`${id}:${control}`)
  }

  async function act<T>(call: Promise<ApiResult<T>>, at: string | null): Promise<boolean> {
    setSaid(null)
    setError(null)
    const result = await call
    if (result.ok) setSaid(t('adminQuestions.saved'))
    else setError({ at, text: result.message || t('adminQuestions.failed') })
    return result.ok
  }

  const questions = loaded.data?.questions ?? []
  useEffect(() => {
    if (!focusNext) return
    const order: Control[] = [focusNext.control, focusNext.control === 'up' ? 'down' : 'up', 'edit']
    const target = order
      .map((control) => controls.current.get(`${focusNext.id}:${control}`))
      .find(Boolean)
    if (!target) return
    target.focus()
    target.scrollIntoView({ block: 'nearest' })
    setFocusNext(null)
  }, [focusNext, loaded.data])

  if (loaded.isError) return <Alert tone="error">{t('adminQuestions.loadFailed')}</Alert>
  const move = async (index: number, by: number) => {
    const ids = questions.map((question) => question.id)
    const [id] = ids.splice(index, 1)
    if (id === undefined) return
    ids.splice(index + by, 0, id)
    if (await act(reorderQuestions(ids), id)) setFocusNext({ id, control: by < 0 ? 'up' : 'down' })
  }
  const itemError = (id: string | null) =>
    error && error.at === id && <Alert tone="error">{error.text}</Alert>
  const languageName = (code: Language) => LANGUAGES.find((l) => l.code === code)?.name ?? code
  const input = (question: Question, texts = question.texts, active = question.active) => ({
    texts,
    active,
  })

  return (
    <div className="mt-8" id="questions">
      <SettingsCard title={t('adminQuestions.title')} description={t('adminQuestions.description')}>
        <p role="status" className="font-semibold text-sage-deep empty:hidden">
          {said}
        </p>
        {removing && (
          <ConfirmDialog
            text={t('adminQuestions.confirmRemove', {
              question: shownQuestion(removing.texts, i18n.language)?.text ?? '',
            })}
            confirmLabel={t('adminQuestions.remove')}
            cancelLabel={t('adminQuestions.cancel')}
            onConfirm={async () => {
              const index = questions.findIndex((question) => question.id === removing.id)
              const neighbour = questions[index + 1] ?? questions[index - 1]
              setRemoving(null)
              if ((await act(removeQuestion(removing.id), removing.id)) && neighbour)
                setFocusNext({ id: neighbour.id, control: 'edit' })
            }}
            onCancel={() => setRemoving(null)}
          />
        )}
        <ol className="flex flex-col gap-3" data-testid="question-list">
          {questions.map((question, index) => {
            const shown = shownQuestion(question.texts, i18n.language)
            return (
              <li
                key={question.id}
                className={`rounded-2xl p-4 ring-1 ring-ink/10 ${question.active ? 'bg-cream' : 'bg-white text-ink-soft'}`}
              >
                {editing === question.id ? (
                  <TextsForm
                    initial={question.texts}
                    submitLabel={t('adminQuestions.save')}
                    onCancel={() => {
                      setEditing(null)
                      setFocusNext({ id: question.id, control: 'edit' })
                    }}
                    onSubmit={async (texts) => {
                      const done = await act(
                        updateQuestion(question.id, input(question, texts)),
                        question.id,
                      )
                      if (done) {
                        setEditing(null)
                        setFocusNext({ id: question.id, control: 'edit' })
                      }
                      return done
                    }}
                  />
                ) : (
                  <>
                    <p className="font-medium" lang={shown?.language}>
                      {shown?.text}
                    </p>
                    {!question.active && (
                      <p className="mt-1 text-sm font-semibold">{t('adminQuestions.off')}</p>
                    )}
                    {question.missing.length > 0 && (
                      <p className="mt-1 text-sm text-rose-deep">
                        {t('adminQuestions.missing', {
                          languages: question.missing.map(languageName).join(', '),
                        })}
                      </p>
                    )}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button
                        ref={controlRef(question.id, 'edit')}
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(question.id)}
                      >
                        {t('adminQuestions.edit')}
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() =>
                          void act(
                            updateQuestion(
                              question.id,
                              input(question, question.texts, !question.active),
                            ),
                            question.id,
                          )
                        }
                      >
                        {t(
                          question.active ? 'adminQuestions.switchOff' : 'adminQuestions.switchOn',
                        )}
                      </Button>
                      {index > 0 && (
                        <Button
                          ref={controlRef(question.id, 'up')}
                          type="button"
                          variant="quiet"
                          size="sm"
                          onClick={() => void move(index, -1)}
                        >
                          {t('adminQuestions.up')}
                        </Button>
                      )}
                      {index < questions.length - 1 && (
                        <Button
                          ref={controlRef(question.id, 'down')}
                          type="button"
                          variant="quiet"
                          size="sm"
                          onClick={() => void move(index, 1)}
                        >
                          {t('adminQuestions.down')}
                        </Button>
                      )}
                      <Button
                        type="button"
                        variant="quiet"
                        size="sm"
                        onClick={() => setRemoving(question)}
                      >
                        {t('adminQuestions.remove')}
                      </Button>
                    </div>
                  </>
                )}
                {itemError(question.id)}
              </li>
            )
          })}
        </ol>
        <h3 className="text-base font-semibold">{t('adminQuestions.add')}</h3>
        <TextsForm
          initial={{}}
          submitLabel={t('adminQuestions.add')}
          onSubmit={(texts) => act(addQuestion({ texts, active: true }), null)}
        />
        {itemError(null)}
      </SettingsCard>
    </div>
  )
}
