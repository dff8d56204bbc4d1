import { Alert } from '#web/components/ui/alert.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/** A change's failure, shown beside the control that made it (null: nothing to show). */
export function ActionError({
  message,
  className = '',
}: {
  message: string | null
  className?: string
}) {
  const { t } = useTranslation('events')
  if (message === null) return null
  return (
    <div className={className}>
      <Alert tone="error">{message || t('page.actionFailed')}</Alert>
    </div>
  )
}
