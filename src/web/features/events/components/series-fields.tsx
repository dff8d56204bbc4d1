import type { TableInput } from '#shared/schemas/events.ts'
import { dateLocale } from '#shared/languages.ts'
import { SERIES_WEEKS, type SeriesRule } from '#shared/series-rule.ts'
import { TABLE_MAX_SEATS } from '#shared/constants.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { TrashIcon } from './trash-icon.tsx'

/**
 * The fields a series' rule and tables are written in: shared by the new series' form and the
 * series page's edits (decision 0099).
 */
type Fields = Partial<Record<string, string>>

/** Sunday to Saturday as Date numbers them, listed from Monday as a Hungarian calendar does. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const

/** The rule as its fields hold it. */
export interface RuleFieldsValue {
  kind: SeriesRule['kind']
  monthly: { week: string; weekday: string; time: string; until: string }
  dates: string[]
}

export const newRuleFields = (): RuleFieldsValue => ({
  kind: 'monthly',
  monthly: { week: '1', weekday: '5', time: '19:00', until: '' },
  dates: [''],
})

/** A stored rule in its fields (a list rule's dates as datetime-local values). */
export const ruleFields = (rule: SeriesRule): RuleFieldsValue =>
  rule.kind === 'monthly'
    ? {
        kind: 'monthly',
        monthly: {
          week: rule.week,
          weekday: String(rule.weekday),
          time: rule.time,
          until: rule.until ?? '',
        },
        dates: [''],
      }
    : { kind: 'dates', monthly: newRuleFields().monthly, dates: [...rule.dates].sort() }

/** The fields as the rule schema reads them. */
export const ruleFromFields = ({ kind, monthly, dates }: RuleFieldsValue) =>
  kind === 'monthly'
    ? {
        kind,
        week: monthly.week,
        weekday: Number(monthly.weekday),
        time: monthly.time,
        until: monthly.until === '' ? null : monthly.until,
      }
    : { kind, dates: dates.filter((d) => d !== '') }

/** "When are the evenings?": every month on a weekday, or a list of dates (Budapest time). */
export function RuleFields({
  value,
  onChange,
  errors,
}: {
  value: RuleFieldsValue
  onChange: (value: RuleFieldsValue) => void
  errors: Fields
}) {
  const { t, i18n } = useTranslation('events')
  const { kind, monthly, dates } = value
  const setMonthly = (next: RuleFieldsValue['monthly']) => onChange({ ...value, monthly: next })
  const setDates = (next: string[]) => onChange({ ...value, dates: next })
  const weekdayName = (day: number) =>
    new Intl.DateTimeFormat(dateLocale(i18n.language), { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2027, 1, 7 + day)),
    )
  const ruleError = errors.rule ?? errors['rule.dates'] ?? errors['rule.until']
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl bg-sand/60 p-4 sm:p-5">
      <legend className="float-left mb-2 text-lg font-semibold">{t('series.when')}</legend>
      <p className="clear-left text-sm text-ink-soft">{t('series.whenHint')}</p>
      <SegmentedChoice
        className="self-start"
        legend={t('series.ruleKind')}
        value={kind}
        onChange={(next) => onChange({ ...value, kind: next })}
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
              {/* A date field is wide of itself: it shrinks to leave its button room at 390 px. */}
              <div className="min-w-0 flex-1">
                <TextField
                  label={t('series.date', { number: index + 1 })}
                  type="datetime-local"
                  value={date}
                  onChange={(e) =>
                    setDates(dates.map((d, i) => (i === index ? e.target.value : d)))
                  }
                  className="w-full min-w-0"
                />
              </div>
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
  )
}

/** A table as its row holds it; a stored one keeps its seats in use while its size stays. */
export interface TableRowValue {
  tableName: string
  seats: string
  stored?: { seats: string; inUse: number }
}

export const tableRows = (tables: TableInput[]): TableRowValue[] =>
  tables.map((table) => ({
    tableName: table.tableName,
    seats: String(table.capacityFull),
    stored: { seats: String(table.capacityFull), inUse: table.capacityActual },
  }))

/** The named rows as the schema reads them (seats in use: as stored, or all the seats). */
export const tablesFromRows = (rows: TableRowValue[]) =>
  rows
    .filter((row) => row.tableName.trim() !== '')
    .map((row) => {
      const seats = row.seats.trim() === '' ? Number.NaN : Number(row.seats)
      const inUse = row.stored?.seats === row.seats ? row.stored.inUse : seats
      return { tableName: row.tableName, capacityFull: seats, capacityActual: inUse }
    })

/** The tables: a name and seats each, a row added or taken away. */
export function TablesFields({
  rows,
  onChange,
  errors,
  hint,
}: {
  rows: TableRowValue[]
  onChange: (rows: TableRowValue[]) => void
  errors: Fields
  hint: string
}) {
  const { t } = useTranslation('events')
  const set = (index: number, change: Partial<TableRowValue>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)))
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-lg font-semibold">{t('series.tables')}</legend>
      <p className="text-sm text-ink-soft">{hint}</p>
      <ul className="flex flex-col gap-3">
        {rows.map((table, index) => (
          <li key={index} className="flex items-end gap-2">
            <TextField
              label={t('series.tableName', { number: index + 1 })}
              value={table.tableName}
              maxLength={40}
              onChange={(e) => set(index, { tableName: e.target.value })}
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
              onChange={(e) => set(index, { seats: e.target.value })}
              error={errors[`tables.${index}.capacityFull`]}
              className="w-24"
            />
            {rows.length > 1 && (
              <Button
                type="button"
                variant="secondary"
                aria-label={t('series.removeTable', { number: index + 1 })}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
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
          onClick={() => onChange([...rows, { tableName: '', seats: '6' }])}
        >
          {t('series.addTable')}
        </Button>
      </div>
      {errors.tables && <Alert tone="error">{errors.tables}</Alert>}
    </fieldset>
  )
}
