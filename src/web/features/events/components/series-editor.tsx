import { useState, type FormEvent } from 'react'
import {
  EVENT_TEXT_FIELDS,
  EVENT_TEXT_LIMITS,
  TRANSLATED_LANGUAGES,
  type EventTextField,
  type EventTexts,
} from '#shared/event-texts.ts'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { seriesInputSchema } from '#shared/schemas/series.ts'
import { SERIES_REGISTRATION_OPENS_DAYS } from '#shared/series-rule.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LanguageTabs, type TabState } from '#web/components/ui/language-tabs.tsx'
import { TextAreaField } from '#web/components/ui/text-area-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { languageName } from '#web/lib/language-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { createSeries } from '../api/admin-series-api.ts'
import {
  newRuleFields,
  ruleFromFields,
  RuleFields,
  TablesFields,
  tablesFromRows,
  type TableRowValue,
} from './series-fields.tsx'
import { useSeriesEditForm } from './use-series-edit-form.ts'

const textPath = (language: Language, field: EventTextField) =>
  language === 'hu' ? field : `translations.${language}.${field}`
const emptyTexts = (): EventTexts => ({ eventName: '', description: '', placeName: '' })

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
  const [rule, setRule] = useState(newRuleFields)
  const [tables, setTables] = useState<TableRowValue[]>([{ tableName: '', seats: '6' }])
  // Errors open the language tab of the first one, unless hers has one too.
  const { errors, formRef, failure, pending, send } = useSeriesEditForm((found) => {
    const has = (language: Language) =>
      EVENT_TEXT_FIELDS.some((field) => found[textPath(language, field)])
    const first = LANGUAGE_CODES.find(has)
    if (first && !has(tab)) setTab(first)
  })

  const tabStates = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        filled: EVENT_TEXT_FIELDS.some((field) => texts[language][field].trim() !== ''),
        invalid: EVENT_TEXT_FIELDS.some((field) => errors[textPath(language, field)]),
      },
    ]),
  ) as Record<Language, TabState>

  function submit(event: FormEvent) {
    event.preventDefault()
    const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))
    const parsed = seriesInputSchema.safeParse({
      ...texts.hu,
      translations: Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, texts[l]])),
      address: values.address,
      duration: number(values.duration),
      places: values.places.trim() === '' ? null : Number(values.places),
      registrationOpensDays: number(values.registrationOpensDays),
      tables: tablesFromRows(tables),
      rule: ruleFromFields(rule),
    })
    void send(parsed, createSeries, (saved) => onSaved(saved.series.id))
  }

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

      <RuleFields value={rule} onChange={setRule} errors={errors} />

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

      <TablesFields
        rows={tables}
        onChange={setTables}
        errors={errors}
        hint={t('series.tablesHint')}
      />

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
