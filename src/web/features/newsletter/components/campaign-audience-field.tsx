import { useId } from 'react'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { languageName } from '#web/lib/language-names.ts'

const radioClass = 'mt-0.5 size-5 shrink-0 accent-rose-deep'
const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-2xl p-3 ring-1 ring-ink/10 transition has-checked:bg-blush/40 has-checked:ring-rose/40'

/**
 * Who receives the campaign: every confirmed subscriber, or those of the chosen languages
 * (`null` is everyone). `estimate` is the server's count for the saved audience.
 */
export function CampaignAudienceField({
  languages,
  onChange,
  estimate,
  error,
}: {
  languages: Language[] | null
  onChange: (languages: Language[] | null) => void
  /** null: not known for what is on the screen (unsaved). */
  estimate: number | null
  error?: string
}) {
  const { t, i18n } = useTranslation('newsletter')
  const name = useId()
  const errorId = `${name}-error`
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 font-display text-xl font-semibold">
        {t('campaigns.ui.editor.audienceLegend')}
      </legend>
      <label className={optionClass}>
        <input
          type="radio"
          name={name}
          checked={languages === null}
          onChange={() => onChange(null)}
          className={radioClass}
        />
        <span className="text-sm font-medium">{t('campaigns.ui.editor.audienceAll')}</span>
      </label>
      <div className={optionClass}>
        <input
          id={`${name}-chosen`}
          type="radio"
          name={name}
          checked={languages !== null}
          onChange={() => onChange([...LANGUAGE_CODES])}
          className={radioClass}
        />
        <div className="flex min-w-0 flex-col gap-3">
          <label htmlFor={`${name}-chosen`} className="cursor-pointer text-sm font-medium">
            {t('campaigns.ui.editor.audienceChosen')}
          </label>
          {languages !== null && (
            <fieldset className="grid grid-cols-2 gap-x-4 gap-y-2">
              <legend className="sr-only">{t('campaigns.ui.editor.audienceLanguages')}</legend>
              {LANGUAGE_CODES.map((code) => (
                <label key={code} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={languages.includes(code)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? LANGUAGE_CODES.filter((c) => c === code || languages.includes(c))
                          : languages.filter((c) => c !== code),
                      )
                    }
                    className="size-4 accent-rose-deep"
                  />
                  <span className="first-letter:uppercase">
                    {languageName(code, i18n.language)}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <p className="text-sm text-ink-soft" data-testid="campaign-estimate">
        {estimate === null
          ? t('campaigns.ui.editor.estimateAfterSave')
          : t('campaigns.ui.editor.estimate', { count: estimate })}
      </p>
    </fieldset>
  )
}
