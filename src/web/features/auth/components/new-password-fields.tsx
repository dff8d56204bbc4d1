import type { ChangeEvent } from 'react'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/** A new password and its confirmation, as sign-up and change-password ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  label: string
  password: string
  confirm: string
  onPassword: (event: ChangeEvent<HTMLInputElement>) => void
  onConfirm: (event: ChangeEvent<HTMLInputElement>) => void
  errors: { password?: string; confirm?: string }
}) {
  const { t } = useTranslation('auth')
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
        error={errors.password}
        hint={t('fields.passwordHint')}
        required
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
        required
      />
    </>
  )
}
