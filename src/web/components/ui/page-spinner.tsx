import { useTranslation } from '#web/lib/use-translation.ts'

export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-blush border-t-rose motion-reduce:animate-none"
      />
      <span className="text-ink-soft">{label ?? t('loading')}</span>
    </div>
  )
}
