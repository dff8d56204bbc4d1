import { useState, type FormEvent } from 'react'
import {
  EVENT_TEXT_FIELDS,
  EVENT_TEXT_LIMITS,
  TRANSLATED_LANGUAGES,
  type EventTextField,
  type EventTexts,
} from '#shared/event-texts.ts'
import { LANGUAGE_CODES, dateLocale, type Language } from '#shared/languages.ts'
import { seriesInputSchema } from '#shared/schemas/series.ts'
import { SERIES_REGISTRATION_OPENS_DAYS, SERIES_WEEKS } from '#shared/series-rule.ts'
import { TABLE_MAX_SEATS } from '#shared/constants.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LanguageTabs, type TabState } from '#web/components/ui/language-tabs.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { TextAreaField } from '#web/components/ui/text-area-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { languageName } from '#web/lib/language-names.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { createSeries } from '../api/admin-series-api.ts'
import { fieldErrors } from '../field-errors.ts'
import { TrashIcon } from './trash-icon.tsx'

type Fields = Partial<Record<string, string>>
type RuleKind = 'monthly' | 'dates'

const textPath = (language: Language, field: EventTextField) =>
  language === 'hu' ? field : `translations.${language}.${field}`
const emptyTexts = (): EventTexts => ({ eventName: '', description: '', placeName: '' })
/** Sunday to Saturday as Date numbers them, listed from Monday as a Hungarian calendar does. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const

/**
 * A new series: its texts in each language, place, tables, places, when registration opens, and
 * when its evenings are: "the Nth weekday of each month at HH:MM" or a list of dates (site time).
 * The same schema as the server's checks it first; the server's refusals show on their fields.
 */
export function SeriesEditor({
  onSaved,
  onCancel,
}: {
  onSaved: (seriesId: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('events')
  const [texts, setTexts] = useState<Record<Language, EventTexts>>(
    () =>
      Object.fromEntries(LANGUAGE_CODES.map((l) => [l, emptyTexts()])) as Record<
        Language,
        EventTexts
      >,
  )
  const [tab, setTab] = useState<Language>('hu')
  const [values, setValues] = useState({
    address: '',
    duration: '150',
    places: '',
    registrationOpensDays: String(SERIES_REGISTRATION_OPENS_DAYS.default),
  })
  const [kind, setKind] = useState<RuleKind>('monthly')
  const [monthly, setMonthly] = useState({ week: '1', weekday: '5', time: '19:00', until: '' })
  const [dates, setDates] = useState<string[]>([''])
  const [tables, setTables] = useState([{ tableName: '', seats: '6' }])
  const [errors, setErrors] = useState<Fields>({})
  const formRef = useFocusFirstInvalid(errors)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const weekdayName = (day: number) =>
    new Intl.DateTimeFormat(dateLocale(i18n.language), { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2027, 1, 7 + day)),
    )

  const tabStates = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        filled: EVENT_TEXT_FIELDS.some((field) => texts[language][field].trim() !== ''),
        invalid: EVENT_TEXT_FIELDS.some((field) => errors[textPath(language, field)]),
      },
    ]),
  ) as Record<Language, TabState>

  function showErrors(found: Fields) {
    setErrors(found)
    const has = (language: Language) =>
      EVENT_TEXT_FIELDS.some((field) => found[textPath(language, field)])
    const first = LANGUAGE_CODES.find(has)
    if (first && !has(tab)) setTab(first)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))
    const parsed = seriesInputSchema.safeParse({
      ...texts.hu,
      translations: Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, texts[l]])),
      address: values.address,
      duration: number(values.duration),
      places: values.places.trim() === '' ? null : Number(values.places),
      registrationOpensDays: number(values.registrationOpensDays),
      tables: tables
        .filter((table) => table.tableName.trim() !== '')
        .map((table) => ({
          tableName: table.tableName,
          capacityFull: number(table.seats),
          capacityActual: number(table.seats),
        })),
      rule:
        kind === 'monthly'
          ? {
              kind,
              week: monthly.week,
              weekday: Number(monthly.weekday),
              time: monthly.time,
              until: monthly.until === '' ? null : monthly.until,
            }
          : { kind, dates: dates.filter((d) => d !== '') },
    })
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    const saved = await createSeries(parsed.data)
    setPending(false)
    if (!saved.ok) {
      showErrors(saved.fields ?? {})
      setFailure(saved.message || t('editor.failed'))
      return
    }
    onSaved(saved.data.series.id)
  }

  const ruleError = errors.rule ?? errors['rule.dates'] ?? errors['rule.until']
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <LanguageTabs
        label={t('editor.texts')}
        selected={tab}
        onSelect={setTab}
        states={tabStates}
        describe={(language, state) =>
          `, ${t(language === 'hu' ? 'editor.textsRequired' : 'editor.textsOptional')}, ${t(state.invalid ? 'editor.textsHaveErrors' : state.filled ? 'editor.textsWritten' : 'editor.usesHungarian')}`
        }
      >
        <fieldset className="flex min-w-0 flex-col gap-5" lang={tab}>
          <legend className="sr-only">{languageName(tab, i18n.language)}</legend>
          {EVENT_TEXT_FIELDS.map((field) => {
            const common = {
              key: `${tab}-${field}`,
              label: t(`editor.${field}`),
              value: texts[tab][field],
              error: errors[textPath(tab, field)],
              maxLength: EVENT_TEXT_LIMITS[field],
              placeholder: tab === 'hu' ? undefined : texts.hu[field],
              hint:
                tab !== 'hu' && texts[tab][field].trim() === '' && texts.hu[field].trim() !== ''
                  ? t('editor.usesHungarianHint')
                  : undefined,
            }
            const change = (value: string) =>
              setTexts((all) => ({ ...all, [tab]: { ...all[tab], [field]: value } }))
            return field === 'description' ? (
              <TextAreaField
                {...common}
                key={common.key}
                rows={3}
                onChange={(e) => change(e.target.value)}
              />
            ) : (
              <TextField
                {...common}
                key={common.key}
                onChange={(e) => change(e.target.value)}
                required={tab === 'hu' && field === 'eventName'}
              />
            )
          })}
        </fieldset>
      </LanguageTabs>

      <fieldset className="flex flex-col gap-4 rounded-2xl bg-sand/60 p-4 sm:p-5">
        <legend className="float-left mb-2 text-lg font-semibold">{t('series.when')}</legend>
        <p className="clear-left text-sm text-ink-soft">{t('series.whenHint')}</p>
        <SegmentedChoice
          className="self-start"
          legend={t('series.ruleKind')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'monthly', label: t('series.monthly') },
            { value: 'dates', label: t('series.dates') },
          ]}
        />
        {kind === 'monthly' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('series.week')}
              value={monthly.week}
              onChange={(e) => setMonthly({ ...monthly, week: e.target.value })}
              options={SERIES_WEEKS.map((week) => ({
                value: week,
                label: t(`series.weeks.${week}`),
              }))}
            />
            <SelectField
              label={t('series.weekday')}
              value={monthly.weekday}
              onChange={(e) => setMonthly({ ...monthly, weekday: e.target.value })}
              options={WEEKDAYS.map((day) => ({ value: String(day), label: weekdayName(day) }))}
            />
            <TextField
              label={t('series.time')}
              type="time"
              value={monthly.time}
              onChange={(e) => setMonthly({ ...monthly, time: e.target.value })}
              error={errors['rule.time']}
              required
            />
            <TextField
              label={t('series.until')}
              hint={t('series.untilHint')}
              type="date"
              value={monthly.until}
              onChange={(e) => setMonthly({ ...monthly, until: e.target.value })}
              error={errors['rule.until']}
            />
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {dates.map((date, index) => (
              <li key={index} className="flex items-end gap-2">
                <TextField
                  label={t('series.date', { number: index + 1 })}
                  type="datetime-local"
                  value={date}
                  onChange={(e) =>
                    setDates(dates.map((d, i) => (i === index ? e.target.value : d)))
                  }
                  className="w-full"
                />
                {dates.length > 1 && (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={t('series.removeDate', { number: index + 1 })}
                    onClick={() => setDates(dates.filter((_, i) => i !== index))}
                  >
                    <TrashIcon />
                  </Button>
                )}
              </li>
            ))}
            <li>
              <Button type="button" variant="secondary" onClick={() => setDates([...dates, ''])}>
                {t('series.addDate')}
              </Button>
            </li>
          </ul>
        )}
        {ruleError && <Alert tone="error">{ruleError}</Alert>}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('editor.address')}
          value={values.address}
          onChange={(e) => setValues({ ...values, address: e.target.value })}
          error={errors.address}
          maxLength={200}
        />
        <TextField
          label={t('editor.duration')}
          type="number"
          inputMode="numeric"
          min={15}
          max={1440}
          value={values.duration}
          onChange={(e) => setValues({ ...values, duration: e.target.value })}
          error={errors.duration}
          required
        />
        <TextField
          label={t('editor.places')}
          hint={t('editor.placesHint')}
          type="number"
          inputMode="numeric"
          min={1}
          value={values.places}
          onChange={(e) => setValues({ ...values, places: e.target.value })}
          error={errors.places}
        />
        <TextField
          label={t('series.opensDays')}
          hint={t('series.opensDaysHint')}
          type="number"
          inputMode="numeric"
          min={SERIES_REGISTRATION_OPENS_DAYS.min}
          max={SERIES_REGISTRATION_OPENS_DAYS.max}
          value={values.registrationOpensDays}
          onChange={(e) => setValues({ ...values, registrationOpensDays: e.target.value })}
          error={errors.registrationOpensDays}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-lg font-semibold">{t('series.tables')}</legend>
        <p className="text-sm text-ink-soft">{t('series.tablesHint')}</p>
        <ul className="flex flex-col gap-3">
          {tables.map((table, index) => (
            <li key={index} className="flex items-end gap-2">
              <TextField
                label={t('series.tableName', { number: index + 1 })}
                value={table.tableName}
                maxLength={40}
                onChange={(e) =>
                  setTables(
                    tables.map((row, i) =>
                      i === index ? { ...row, tableName: e.target.value } : row,
                    ),
                  )
                }
                error={errors[`tables.${index}.tableName`]}
                className="w-full"
              />
              <TextField
                label={t('series.seats')}
                type="number"
                inputMode="numeric"
                min={1}
                max={TABLE_MAX_SEATS}
                value={table.seats}
                onChange={(e) =>
                  setTables(
                    tables.map((row, i) => (i === index ? { ...row, seats: e.target.value } : row)),
                  )
                }
                error={errors[`tables.${index}.capacityFull`]}
                className="w-24"
              />
              {tables.length > 1 && (
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={t('series.removeTable', { number: index + 1 })}
                  onClick={() => setTables(tables.filter((_, i) => i !== index))}
                >
                  <TrashIcon />
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setTables([...tables, { tableName: '', seats: '6' }])}
          >
            {t('series.addTable')}
          </Button>
        </div>
        {errors.tables && <Alert tone="error">{errors.tables}</Alert>}
      </fieldset>

      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('editor.saving')}>
          {t('series.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </Button>
      </div>
    </form>
  )
}
