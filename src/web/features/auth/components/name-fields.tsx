import { familyNameFirst } from '#shared/people-names.ts'
import { NAME_MAX_LENGTH } from '#shared/constants.ts'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

type NamePart = 'givenName' | 'familyName'

export interface NameErrors {
  givenName?: string
  familyName?: string
}

/**
 * Her given and family name as two fields, in the order her language writes them: family name
 * first in Hungarian ("Tóth Réka"), given name first in English, Spanish and German. The given
 * name is required (greetings use it); the family name may stay empty.
 */
export function NameFields({
  names,
  onChange,
  errors,
}: {
  names: { givenName: string; familyName: string }
  onChange: (part: NamePart) => (event: { target: { value: string } }) => void
  errors: NameErrors
}) {
  const { t, i18n } = useTranslation('auth')
  const order: NamePart[] = familyNameFirst(i18n.language)
    ? ['familyName', 'givenName']
    : ['givenName', 'familyName']
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
      {order.map((part) => (
        <TextField
          key={part}
          label={t(`fields.${part}`)}
          autoComplete={part === 'givenName' ? 'given-name' : 'family-name'}
          maxLength={NAME_MAX_LENGTH}
          value={names[part]}
          onChange={onChange(part)}
          error={errors[part]}
          required={part === 'givenName'}
        />
      ))}
    </div>
  )
}

/** The form's own check of the two names, before anything is sent. */
export function nameErrors(
  names: { givenName: string },
  t: (key: 'validation.givenNameRequired') => string,
): NameErrors {
  return names.givenName.trim() ? {} : { givenName: t('validation.givenNameRequired') }
}
