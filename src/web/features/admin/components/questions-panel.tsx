import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
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
  const [error, setError] = useState<string | null>(null)

  async function act<T>(call: Promise<ApiResult<T>>): Promise<boolean> {
    setSaid(null)
    setError(null)
    const result = await call
    if (result.ok) setSaid(t('adminQuestions.saved'))
    else setError(result.message || t('adminQuestions.failed'))
    return result.ok
  }

  if (loaded.isError) return <Alert tone="error">{t('adminQuestions.loadFailed')}</Alert>
  const questions = loaded.data?.questions ?? []
  const move = (index: number, by: number) => {
    const ids = questions.map((question) => question.id)
    const [id] = ids.splice(index, 1)
    if (id === undefined) return
    ids.splice(index + by, 0, id)
    void act(reorderQuestions(ids))
  }
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
        {error && <Alert tone="error">{error}</Alert>}
        {removing && (
          <ConfirmDialog
            text={t('adminQuestions.confirmRemove', {
              question: shownQuestion(removing.texts, i18n.language),
            })}
            confirmLabel={t('adminQuestions.remove')}
            cancelLabel={t('adminQuestions.cancel')}
            onConfirm={async () => {
              setRemoving(null)
              await act(removeQuestion(removing.id))
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
                    onCancel={() => setEditing(null)}
                    onSubmit={async (texts) => {
                      const done = await act(updateQuestion(question.id, input(question, texts)))
                      if (done) setEditing(null)
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
                          )
                        }
                      >
                        {t(
                          question.active ? 'adminQuestions.switchOff' : 'adminQuestions.switchOn',
                        )}
                      </Button>
                      {index > 0 && (
                        <Button
                          type="button"
                          variant="quiet"
                          size="sm"
                          onClick={() => move(index, -1)}
                        >
                          {t('adminQuestions.up')}
                        </Button>
                      )}
                      {index < questions.length - 1 && (
                        <Button
                          type="button"
                          variant="quiet"
                          size="sm"
                          onClick={() => move(index, 1)}
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
              </li>
            )
          })}
        </ol>
        <h3 className="text-base font-semibold">{t('adminQuestions.add')}</h3>
        <TextsForm
          initial={{}}
          submitLabel={t('adminQuestions.add')}
          onSubmit={(texts) => act(addQuestion({ texts, active: true }))}
        />
      </SettingsCard>
    </div>
  )
}
