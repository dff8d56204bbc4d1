import type { ChangeEvent } from 'react'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/** The e-mail address input every account form asks for. */
export function EmailField(props: {
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error?: string
}) {
  const { t } = useTranslation('auth')
  return (
    <TextField label={t('fields.email')} type="email" autoComplete="email" required {...props} />
  )
}
