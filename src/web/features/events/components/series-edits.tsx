import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { TableInput } from '#shared/schemas/events.ts'
import {
  seriesRuleEditSchema,
  seriesTablesEditSchema,
  type SeriesEditScope,
} from '#shared/schemas/series.ts'
import { SERIES_REGISTRATION_OPENS_DAYS, type SeriesRule } from '#shared/series-rule.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { FormEnd } from '#web/components/ui/form-end.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { editSeriesRule, editSeriesTables, type RuleEdited } from '../api/admin-series-api.ts'
import {
  RuleFields,
  ruleFields,
  ruleFromFields,
  TablesFields,
  tableRows,
  tablesFromRows,
} from './series-fields.tsx'
import { useSeriesEditForm } from './use-series-edit-form.ts'

/** "Which evenings is the change for?": this one alone, or it and every later one. */
export function ScopeQuestion({
  scope,
  onChange,
  hints,
}: {
  scope: SeriesEditScope
  onChange: (scope: SeriesEditScope) => void
  hints: Record<SeriesEditScope, string>
}) {
  const { t } = useTranslation('events')
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold" aria-hidden="true">
        {t('series.scopeQuestion')}
      </p>
      <SegmentedChoice
        className="self-start"
        legend={t('series.scopeQuestion')}
        value={scope}
        onChange={onChange}
        options={[
          { value: 'evening', label: t('series.scopeEvening') },
          { value: 'following', label: t('series.scopeFollowing') },
        ]}
      />
      <p className="text-sm text-ink-soft">{hints[scope]}</p>
    </div>
  )
}

/** A refusal where she is, then save and cancel. */
function EditFormEnd({
  failure,
  pending,
  saveLabel,
  onCancel,
}: {
  failure: string | null
  pending: boolean
  saveLabel: string
  onCancel: () => void
}) {
  const { t } = useTranslation('events')
  return (
    <FormEnd
      failure={failure}
      pending={pending}
      submitLabel={saveLabel}
      pendingLabel={t('editor.saving')}
      cancel={{ label: t('editor.cancel'), variant: 'secondary', onCancel }}
    />
  )
}

/**
 * An evening's tables, for it alone or with every later one (and the evenings the series makes
 * from now on). A refusal (someone is seated at a table) says which evening and table, and
 * changes nothing; the answer takes focus where she is.
 */
export function SeriesTablesEdit({
  seriesId,
  eventId,
  tables,
  onDone,
}: {
  seriesId: string
  eventId: string
  tables: TableInput[]
  onDone: (changedEvenings: number | null) => void
}) {
  const { t } = useTranslation('events')
  const [scope, setScope] = useState<SeriesEditScope>('evening')
  const [rows, setRows] = useState(() => tableRows(tables))
  const { errors, formRef, failure, pending, send } = useSeriesEditForm()

  function submit(event: FormEvent) {
    event.preventDefault()
    void send(
      seriesTablesEditSchema.safeParse({ scope, tables: tablesFromRows(rows) }),
      (edit) => editSeriesTables(seriesId, eventId, edit),
      (answer) => onDone(answer.evenings.length),
    )
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <ScopeQuestion
        scope={scope}
        onChange={setScope}
        hints={{
          evening: t('series.tablesEveningHint'),
          following: t('series.tablesFollowingHint'),
        }}
      />
      <TablesFields
        rows={rows}
        onChange={setRows}
        errors={errors}
        hint={t('series.tablesEditHint')}
      />
      <EditFormEnd
        failure={failure}
        pending={pending}
        saveLabel={t('series.tablesSave')}
        onCancel={() => onDone(null)}
      />
    </form>
  )
}

/**
 * A new rule and registration-opens days. Evenings nobody is on follow it; those with people
 * stay, and the answer names them with a link each, so the host can move them one by one.
 */
export function SeriesRuleEdit({
  seriesId,
  rule,
  registrationOpensDays,
  onDone,
}: {
  seriesId: string
  rule: SeriesRule
  registrationOpensDays: number
  onDone: (edited: RuleEdited | null) => void
}) {
  const { t } = useTranslation('events')
  const [value, setValue] = useState(() => ruleFields(rule))
  const [days, setDays] = useState(String(registrationOpensDays))
  const { errors, formRef, failure, pending, send } = useSeriesEditForm()

  function submit(event: FormEvent) {
    event.preventDefault()
    void send(
      seriesRuleEditSchema.safeParse({
        rule: ruleFromFields(value),
        registrationOpensDays: days.trim() === '' ? Number.NaN : Number(days),
      }),
      (edit) => editSeriesRule(seriesId, edit),
      onDone,
    )
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <RuleFields value={value} onChange={setValue} errors={errors} />
      <TextField
        label={t('series.opensDays')}
        hint={t('series.opensDaysHint')}
        type="number"
        inputMode="numeric"
        min={SERIES_REGISTRATION_OPENS_DAYS.min}
        max={SERIES_REGISTRATION_OPENS_DAYS.max}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={errors.registrationOpensDays}
        className="sm:max-w-xs"
      />
      <EditFormEnd
        failure={failure}
        pending={pending}
        saveLabel={t('series.ruleSave')}
        onCancel={() => onDone(null)}
      />
    </form>
  )
}

/** What the new rule did, and the evenings kept with people on them, each a link to move it. */
export function RuleEditedAnswer({
  edited,
  format,
}: {
  edited: RuleEdited
  format: (date: Date) => string
}) {
  const { t } = useTranslation('events')
  return (
    <Alert tone="success" focus>
      <p>
        {t('series.ruleSaved', {
          made: edited.made.length,
          moved: edited.moved.length,
          removed: edited.removed.length,
        })}
      </p>
      {edited.kept.length > 0 && (
        <>
          <p className="mt-2">{t('series.ruleKept', { count: edited.kept.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {edited.kept.map((evening) => (
              <li key={evening.id}>
                <Link
                  href={`/admin/events/${evening.id}`}
                  className="font-semibold underline underline-offset-4"
                >
                  {format(new Date(evening.startTime))}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  )
}
