import { useState } from 'react'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

interface Question {
  /** What happens, in a sentence. */
  text: string
  /** What the button does ("Remove Anna"). */
  confirmLabel: string
  /** Makes the change; what it returns runs once the dialog has gone (to move focus on). */
  onConfirm: () => Promise<(() => void) | undefined>
}

/** A second step before a change that cannot be taken back: `ask(...)`, and render `dialog`. */
export function useConfirm() {
  const { t } = useTranslation('events')
  const [question, setQuestion] = useState<Question | null>(null)
  const dialog = question && (
    <ConfirmDialog
      text={question.text}
      confirmLabel={question.confirmLabel}
      cancelLabel={t('confirm.cancel')}
      onConfirm={async () => {
        const then = await question.onConfirm()
        setQuestion(null)
        then?.()
      }}
      onCancel={() => setQuestion(null)}
    />
  )
  return { ask: setQuestion, dialog }
}
