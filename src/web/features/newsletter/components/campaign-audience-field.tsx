import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { LANGUAGE_CODES } from '#shared/languages.ts'
import {
  AUDIENCE_ATTENDANCES,
  AUDIENCE_MEMBERSHIPS,
  AUDIENCE_MONTHS_MAX,
  campaignAudienceSchema,
  EVERYONE,
  type CampaignAudience,
} from '#shared/schemas/campaigns.ts'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { languageName } from '#web/lib/language-names.ts'
import { audienceCountQuery, audienceSeriesQuery } from '../api/campaign-queries.ts'

const radioClass = 'mt-0.5 size-5 shrink-0 accent-rose-deep'
const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-2xl p-3 ring-1 ring-ink/10 transition has-checked:bg-blush/40 has-checked:ring-rose/40'
/** The count is asked for once she stops changing the filters for this long. */
const COUNT_DELAY_MS = 400

export const isEveryone = (audience: CampaignAudience) =>
  audience.languages === null &&
  audience.membership === 'all' &&
  audience.attendance === 'all' &&
  audience.seriesId === null

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * Who receives the campaign (decision 0093): every confirmed subscriber, or those every chosen
 * filter holds for: languages, member or not, came lately or never, follows a series. Below it,
 * how many that is now, counted by the server as she changes the filters. `errors` are by the
 * server's paths (`audience.months` …).
 */
export function CampaignAudienceField({
  audience,
  onChange,
  errors,
}: {
  audience: CampaignAudience
  onChange: (audience: CampaignAudience, changed: keyof CampaignAudience | null) => void
  errors: Record<string, string | undefined>
}) {
  const { t, i18n } = useTranslation('newsletter')
  const name = useId()
  const everyone = isEveryone(audience)
  const set = <K extends keyof CampaignAudience>(key: K, value: CampaignAudience[K]) =>
    onChange({ ...audience, [key]: value }, key)

  // What the screen holds, checked as the server will; a bad value is marked, not counted.
  const checked = campaignAudienceSchema.safeParse(audience)
  const localErrors: Record<string, string> = {}
  if (!checked.success)
    for (const issue of checked.error.issues)
      localErrors[['audience', ...issue.path].join('.')] ??= t(
        issue.message as 'campaigns.validation.monthsInvalid',
      )
  const errorAt = (path: string) => localErrors[path] ?? errors[path]

  const settled = useSettled(checked.success ? checked.data : null, COUNT_DELAY_MS)
  const count = useQuery({
    ...audienceCountQuery(settled ?? EVERYONE),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  })
  const series = useQuery({ ...audienceSeriesQuery(), enabled: !everyone })
  const seriesError = count.error?.fields?.['audience.seriesId'] ?? count.error?.fields?.seriesId

  const summaryError = errors['audience.languages']
  const errorId = `${name}-error`
  const changing = !checked.success || settled !== checked.data || count.isFetching

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={summaryError ? errorId : undefined}
    >
      <legend className="mb-3 font-display text-xl font-semibold">
        {t('campaigns.ui.editor.audienceLegend')}
      </legend>
      <label className={optionClass}>
        <input
          type="radio"
          name={name}
          checked={everyone}
          onChange={() => onChange({ ...EVERYONE, months: audience.months }, null)}
          className={radioClass}
        />
        <span className="text-sm font-medium">{t('campaigns.ui.editor.audienceAll')}</span>
      </label>
      <div className={optionClass}>
        <input
          id={`${name}-chosen`}
          type="radio"
          name={name}
          checked={!everyone}
          onChange={() => onChange({ ...audience, languages: [...LANGUAGE_CODES] }, null)}
          className={radioClass}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <label htmlFor={`${name}-chosen`} className="cursor-pointer text-sm font-medium">
            {t('campaigns.ui.editor.audienceChosen')}
          </label>
          {!everyone && (
            <>
              <fieldset className="grid min-w-0 grid-cols-2 gap-x-4 gap-y-2">
                <legend className="mb-2 text-sm font-semibold">
                  {t('campaigns.ui.editor.audienceLanguages')}
                </legend>
                {LANGUAGE_CODES.map((code) => {
                  const languages = audience.languages ?? [...LANGUAGE_CODES]
                  return (
                    <label key={code} className="flex cursor-pointer items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={languages.includes(code)}
                        onChange={(event) =>
                          set(
                            'languages',
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
                  )
                })}
              </fieldset>
              <SelectField
                label={t('campaigns.ui.editor.audienceMembership')}
                value={audience.membership}
                onChange={(event) =>
                  set('membership', event.target.value as CampaignAudience['membership'])
                }
                options={AUDIENCE_MEMBERSHIPS.map((value) => ({
                  value,
                  label: t(`campaigns.ui.audience.membershipChoice.${value}`),
                }))}
              />
              <SelectField
                label={t('campaigns.ui.editor.audienceAttendance')}
                value={audience.attendance}
                onChange={(event) =>
                  set('attendance', event.target.value as CampaignAudience['attendance'])
                }
                options={AUDIENCE_ATTENDANCES.map((value) => ({
                  value,
                  label: t(`campaigns.ui.audience.attendanceChoice.${value}`),
                }))}
              />
              {audience.attendance === 'cameWithin' && (
                <TextField
                  label={t('campaigns.ui.editor.audienceMonths')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={AUDIENCE_MONTHS_MAX}
                  step={1}
                  value={Number.isNaN(audience.months) ? '' : String(audience.months)}
                  onChange={(event) =>
                    set(
                      'months',
                      event.target.value === '' ? Number.NaN : Number(event.target.value),
                    )
                  }
                  error={errorAt('audience.months')}
                />
              )}
              <SelectField
                label={t('campaigns.ui.editor.audienceSeries')}
                value={audience.seriesId ?? ''}
                onChange={(event) => set('seriesId', event.target.value || null)}
                placeholder={t('campaigns.ui.editor.audienceAnySeries')}
                options={(series.data?.series ?? []).map((one) => ({
                  value: one.id,
                  label: one.eventName,
                }))}
                error={errorAt('audience.seriesId') ?? seriesError}
              />
            </>
          )}
        </div>
      </div>
      {summaryError && <FieldError id={errorId}>{summaryError}</FieldError>}
      <p
        className="text-sm text-ink-soft"
        data-testid="campaign-estimate"
        aria-live="polite"
        aria-busy={changing}
      >
        {count.data === undefined
          ? count.isError
            ? (count.error.fields ? null : count.error.message) ||
              t('campaigns.ui.editor.countFailed')
            : t('campaigns.ui.editor.counting')
          : t('campaigns.ui.editor.estimate', { count: count.data.count })}
      </p>
    </fieldset>
  )
}
