import { useTranslation } from '#web/lib/use-translation.ts'

/** "or", on a line between other ways in (Google, a passkey) and the e-mail form. */
export function OrDivider() {
  const { t } = useTranslation('auth')
  return (
    <div
      className="my-6 flex items-center gap-3 text-xs tracking-wide text-ink-soft uppercase"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-ink/10" />
      {t('login.or')}
      <span className="h-px flex-1 bg-ink/10" />
    </div>
  )
}
