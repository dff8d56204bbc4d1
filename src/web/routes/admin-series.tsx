import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useParams } from 'wouter'
import { dateLocale } from '#shared/languages.ts'
import { SITE_TIME_ZONE } from '#shared/time-zone.ts'
import { eventPhase } from '#shared/schemas/events.ts'
import { seriesEditSchema, type SeriesEditScope } from '#shared/schemas/series.ts'
import { siteLocalTime, siteTimeToInstant, type SeriesRule } from '#shared/series-rule.ts'
import { Alert } from '../components/ui/alert.tsx'
import { BackLink } from '../components/ui/back-link.tsx'
import { Button } from '../components/ui/button.tsx'
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx'
import { PageSpinner } from '../components/ui/page-spinner.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import {
  deleteSeries,
  editSeriesEvening,
  seriesDetailQuery,
  type RuleEdited,
  type SeriesEvening,
} from '../features/events/api/admin-series-api.ts'
import {
  RuleEditedAnswer,
  ScopeQuestion,
  SeriesRuleEdit,
  SeriesTablesEdit,
} from '../features/events/components/series-edits.tsx'
import { fieldErrors } from '../features/events/field-errors.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/** /admin/series/:id: a series' evenings, each changed alone or with every later one. */
export default function AdminSeriesPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <RequireRole allow={['admin']}>
      <SeriesPage key={id} seriesId={id} />
    </RequireRole>
  )
}

function SeriesPage({ seriesId }: { seriesId: string }) {
  const { t, i18n } = useTranslation('events')
  const loaded = useQuery(seriesDetailQuery(seriesId))
  const [editing, setEditing] = useState<{ id: string; what: 'evening' | 'tables' } | null>(null)
  // The answer to a tables edit, under the evening it was made from.
  const [tablesSaved, setTablesSaved] = useState<{ id: string; count: number } | null>(null)
  // Once ended, the page says what went and what stays: the series itself is gone.
  const [ended, setEnded] = useState<Ended | null>(null)
  const name = ended?.name ?? loaded.data?.series.eventName ?? ''
  useDocumentTitle(`${name || t('series.title')} – Lendület`)
  const format = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'full',
    timeStyle: 'short',
    // The evenings are in Budapest, whatever the reader's own zone (the series' rule is too).
    timeZone: SITE_TIME_ZONE,
  })
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 sm:px-8">
      <BackLink href="/admin">{t('page.back')}</BackLink>
      <p className="mt-4 text-sm font-semibold tracking-wide text-rose-deep uppercase">
        {t('series.title')}
      </p>
      <h1 id="series-heading" className="mt-1 font-display text-4xl font-semibold tracking-tight">
        {name}
      </h1>
      {ended && <SeriesEnded {...ended} />}
      {!ended && loaded.error && (
        <div className="mt-6">
          <Alert tone="error">{loaded.error.message || t('page.actionFailed')}</Alert>
        </div>
      )}
      {!ended && !loaded.data && !loaded.error && <PageSpinner />}
      {!ended && loaded.data && (
        <>
          <p className="mt-3 text-ink-soft">
            {t('series.eveningsCount', { count: loaded.data.evenings.length })}
          </p>
          <SeriesRule
            seriesId={seriesId}
            rule={loaded.data.series.rule}
            registrationOpensDays={loaded.data.series.registrationOpensDays}
            format={(date) => format.format(date)}
          />
          <ol aria-labelledby="series-heading" className="mt-6 flex flex-col gap-4">
            {loaded.data.evenings.map((evening) => {
              const ran = eventPhase(evening) !== 'inactive'
              return (
                <li
                  key={evening.id}
                  className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-3">
                    <h2 className="text-lg font-semibold">
                      <Link
                        href={`/admin/events/${evening.id}`}
                        className="underline-offset-4 hover:underline"
                      >
                        {format.format(new Date(evening.startTime))}
                      </Link>
                    </h2>
                    <p className="text-sm text-ink-soft">
                      {evening.places === null
                        ? t('series.registered', { count: evening.registered })
                        : t('series.registeredOf', {
                            count: evening.registered,
                            places: evening.places,
                          })}
                    </p>
                  </div>
                  <p className="mt-1">{evening.eventName}</p>
                  <p className="mt-1 text-sm text-ink-soft">
                    {evening.tables.length === 0
                      ? t('series.tablesNone')
                      : t('series.tablesNow', {
                          tables: evening.tables
                            .map((table) => `${table.tableName} (${table.capacityFull})`)
                            .join(', '),
                        })}
                  </p>
                  {tablesSaved?.id === evening.id && (
                    <div className="mt-3">
                      <Alert tone="success" focus>
                        {t('series.tablesSaved', { count: tablesSaved.count })}
                      </Alert>
                    </div>
                  )}
                  {ran ? (
                    <p className="mt-2 text-sm text-ink-soft">{t('series.hasRun')}</p>
                  ) : editing?.id === evening.id && editing.what === 'evening' ? (
                    <EveningEdit
                      seriesId={seriesId}
                      evening={evening}
                      onDone={() => setEditing(null)}
                    />
                  ) : editing?.id === evening.id ? (
                    <SeriesTablesEdit
                      seriesId={seriesId}
                      eventId={evening.id}
                      tables={evening.tables}
                      onDone={(count) => {
                        setEditing(null)
                        setTablesSaved(count === null ? null : { id: evening.id, count })
                      }}
                    />
                  ) : (
                    <div className="mt-3 flex flex-wrap gap-3">
                      <Button
                        variant="secondary"
                        size="md"
                        onClick={() => {
                          setTablesSaved(null)
                          setEditing({ id: evening.id, what: 'evening' })
                        }}
                      >
                        {t('series.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        size="md"
                        onClick={() => {
                          setTablesSaved(null)
                          setEditing({ id: evening.id, what: 'tables' })
                        }}
                      >
                        {t('series.tablesEdit')}
                      </Button>
                    </div>
                  )}
                </li>
              )
            })}
          </ol>
          <EndSeries
            seriesId={seriesId}
            name={name}
            onEnded={(counts) => setEnded({ ...counts, name })}
          />
        </>
      )}
    </div>
  )
}

/** The series' dates and when registration opens: changed after she presses, answered in place. */
function SeriesRule({
  seriesId,
  rule,
  registrationOpensDays,
  format,
}: {
  seriesId: string
  rule: SeriesRule
  registrationOpensDays: number
  format: (date: Date) => string
}) {
  const { t } = useTranslation('events')
  const [open, setOpen] = useState(false)
  const [edited, setEdited] = useState<RuleEdited | null>(null)
  return (
    <section
      aria-labelledby="series-rule-heading"
      className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
    >
      <h2 id="series-rule-heading" className="text-lg font-semibold">
        {t('series.ruleTitle')}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t('series.ruleIntro')}</p>
      {edited && (
        <div className="mt-4">
          <RuleEditedAnswer edited={edited} format={format} />
        </div>
      )}
      {open ? (
        <SeriesRuleEdit
          seriesId={seriesId}
          rule={rule}
          registrationOpensDays={registrationOpensDays}
          onDone={(answer) => {
            setOpen(false)
            setEdited(answer)
          }}
        />
      ) : (
        <Button
          className="mt-4"
          variant="secondary"
          size="md"
          onClick={() => {
            setEdited(null)
            setOpen(true)
          }}
        >
          {t('series.ruleEdit')}
        </Button>
      )}
    </section>
  )
}

interface Ended {
  name: string
  deletedEvenings: number
  keptEvenings: number
}

/** What ending the series does, and the button that does it after asking. */
function EndSeries({
  seriesId,
  name,
  onEnded,
}: {
  seriesId: string
  name: string
  onEnded: (counts: Omit<Ended, 'name'>) => void
}) {
  const { t } = useTranslation('events')
  const [asking, setAsking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <section aria-labelledby="end-series-heading" className="mt-12 border-t border-ink/10 pt-8">
      <h2 id="end-series-heading" className="text-lg font-semibold">
        {t('series.endTitle')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('series.endIntro')}</p>
      {failure !== null && (
        <div className="mt-4">
          <Alert tone="error">{failure || t('series.endFailed')}</Alert>
        </div>
      )}
      <Button className="mt-4" variant="secondary" size="md" onClick={() => setAsking(true)}>
        {t('series.end')}
      </Button>
      {asking && (
        <ConfirmDialog
          text={t('series.endConfirm', { name })}
          confirmLabel={t('series.end')}
          cancelLabel={t('series.endKeep')}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setFailure(null)
            const done = await deleteSeries(seriesId)
            setAsking(false)
            if (done.ok) onEnded(done.data)
            else setFailure(done.message)
          }}
        />
      )}
    </section>
  )
}

/** The answer once the series ended, where focus goes: its counts and the way back. */
function SeriesEnded({ deletedEvenings, keptEvenings }: Ended) {
  const { t } = useTranslation('events')
  const said = useRef<HTMLParagraphElement>(null)
  useEffect(() => said.current?.focus(), [])
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <p ref={said} role="status" tabIndex={-1} className="text-lg">
        {t('series.ended', { deleted: deletedEvenings, kept: keptEvenings })}
      </p>
      <Link href="/admin" className="font-semibold text-rose-deep underline underline-offset-4">
        {t('series.endedBack')}
      </Link>
    </div>
  )
}

/**
 * Change one evening: first the question the host must answer (this evening alone, or this and
 * every later one), then its name, places and time. Alone, it may move to another day; with the
 * later ones, each keeps its day and takes the new hour.
 */
function EveningEdit({
  seriesId,
  evening,
  onDone,
}: {
  seriesId: string
  evening: SeriesEvening
  onDone: () => void
}) {
  const { t } = useTranslation('events')
  const [scope, setScope] = useState<SeriesEditScope>('evening')
  const local = siteLocalTime(new Date(evening.startTime))
  const [values, setValues] = useState({
    eventName: evening.eventName,
    places: evening.places === null ? '' : String(evening.places),
    start: local,
    time: local.slice(11, 16),
  })
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    // The field shows the evening's Budapest time: it is read back as Budapest time.
    const start = /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(values.start)
      ? siteTimeToInstant(values.start)
      : new Date(Number.NaN)
    const parsed = seriesEditSchema.safeParse({
      scope,
      eventName: values.eventName,
      description: evening.description,
      placeName: evening.placeName,
      address: evening.address,
      duration: evening.duration,
      isKlikk: evening.isKlikk,
      hasRecordingAvailable: evening.hasRecordingAvailable,
      plannedRounds: evening.plannedRounds,
      autoSeatLateArrivals: evening.autoSeatLateArrivals,
      klikkWindowHours: evening.klikkWindowHours,
      places: values.places.trim() === '' ? null : Number(values.places),
      ...(scope === 'evening'
        ? { startTime: Number.isNaN(start.getTime()) ? '' : start.toISOString() }
        : { time: values.time }),
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    const saved = await editSeriesEvening(seriesId, evening.id, parsed.data)
    setPending(false)
    if (!saved.ok) {
      setErrors(saved.fields ?? {})
      setFailure(saved.message || t('editor.failed'))
      return
    }
    onDone()
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <ScopeQuestion
        scope={scope}
        onChange={setScope}
        hints={{ evening: t('series.scopeEveningHint'), following: t('series.scopeFollowingHint') }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('editor.eventName')}
          value={values.eventName}
          onChange={(e) => setValues({ ...values, eventName: e.target.value })}
          error={errors.eventName}
          required
        />
        <TextField
          label={t('editor.places')}
          type="number"
          inputMode="numeric"
          min={1}
          value={values.places}
          onChange={(e) => setValues({ ...values, places: e.target.value })}
          error={errors.places}
        />
        {scope === 'evening' ? (
          <TextField
            label={t('editor.startTime')}
            type="datetime-local"
            value={values.start}
            onChange={(e) => setValues({ ...values, start: e.target.value })}
            error={errors.startTime}
          />
        ) : (
          <TextField
            label={t('series.time')}
            type="time"
            value={values.time}
            onChange={(e) => setValues({ ...values, time: e.target.value })}
            error={errors.time}
          />
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('editor.saving')}>
          {t('editor.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('editor.cancel')}
        </Button>
      </div>
    </form>
  )
}
