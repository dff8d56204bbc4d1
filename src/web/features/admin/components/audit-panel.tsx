import { dateLocale } from '#shared/languages.ts'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, isAuditAction } from '#shared/audit.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Pager } from '#web/components/ui/pager.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { auditCsvUrl, fetchAudit, type AuditFilters, type AuditPageData } from '../api/admin-api.ts'
import { auditActionText, describeAuditEntry, type AuditEntryText } from '../audit-entry-text.ts'

type Entry = AuditPageData['entries'][number]
type Form = Record<'actor' | 'action' | 'subjectType' | 'subjectId' | 'from' | 'to', string>
const EMPTY: Form = { actor: '', action: '', subjectType: '', subjectId: '', from: '', to: '' }

const isSubject = (type: string): type is (typeof AUDIT_SUBJECT_TYPES)[number] =>
  (AUDIT_SUBJECT_TYPES as readonly string[]).includes(type)

function filtersOf(form: Form): AuditFilters {
  return {
    actor: form.actor.trim() || undefined,
    action: isAuditAction(form.action) ? form.action : undefined,
    subjectType: isSubject(form.subjectType) ? form.subjectType : undefined,
    subjectId: form.subjectId.trim() || undefined,
    from: form.from || undefined,
    to: form.to || undefined,
  }
}

/**
 * /admin/audit: every change an admin or door helper made, newest first, 50 a page; filtered by
 * who, what, what about and days; downloadable as CSV. After "Show" or a page change, focus
 * moves to the count of what was found; a refused date range puts it on the field in error.
 */
export function AuditPanel() {
  const { t, i18n } = useTranslation(['admin', 'common'])
  const { t: entryT } = useTranslation(['admin', 'events', 'newsletter'])
  useDocumentTitle(`${t('adminAudit.title')} – Lendület`)
  const [form, setForm] = useState<Form>(EMPTY)
  const [applied, setApplied] = useState<AuditFilters>({})
  const [page, setPage] = useState(1)
  const [data, setData] = useState<AuditPageData | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const formRef = useFocusFirstInvalid(errors)
  const results = useRef<HTMLHeadingElement>(null)
  const focusResults = useRef(false)

  useEffect(() => {
    let current = true
    void fetchAudit(applied, page).then((result) => {
      if (!current) return
      if (result.ok) {
        setData(result.data)
        setFailed(null)
        if (focusResults.current) results.current?.focus()
      } else if (result.fields?.to || result.fields?.from) {
        setErrors({ from: result.fields.from, to: result.fields.to })
      } else setFailed(result.message)
      focusResults.current = false
    })
    return () => {
      current = false
    }
  }, [applied, page])

  function show(event: FormEvent) {
    event.preventDefault()
    if (form.from && form.to && form.to < form.from) {
      setErrors({ to: t('adminAudit.rangeReversed') })
      return
    }
    setErrors({})
    focusResults.current = true
    setApplied(filtersOf(form))
    setPage(1)
  }

  function turnTo(next: number) {
    focusResults.current = true
    setPage(next)
  }

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }))
  const number = new Intl.NumberFormat(i18n.language)
  const when = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Budapest',
  })
  const pages = data ? Math.max(1, Math.ceil(data.matching / data.pageSize)) : 1

  const actionLabel = (action: string) => auditActionText(action, entryT)

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{t('adminAudit.back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('adminAudit.title')}
      </h1>
      <p className="mt-3 text-lg text-ink-soft">{t('adminAudit.intro')}</p>

      <form
        ref={formRef}
        onSubmit={show}
        noValidate
        aria-label={t('adminAudit.filters')}
        className="mt-8 grid gap-4 rounded-3xl bg-white p-5 ring-1 ring-ink/10 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField
          label={t('adminAudit.actor')}
          value={form.actor}
          onChange={(e) => set('actor')(e.target.value)}
          maxLength={200}
        />
        <SelectField
          label={t('adminAudit.action')}
          value={form.action}
          onChange={(e) => set('action')(e.target.value)}
          placeholder={t('adminAudit.anyAction')}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
        />
        <SelectField
          label={t('adminAudit.subjectType')}
          value={form.subjectType}
          onChange={(e) => set('subjectType')(e.target.value)}
          placeholder={t('adminAudit.anySubject')}
          options={AUDIT_SUBJECT_TYPES.map((type) => ({
            value: type,
            label: t(`adminAudit.subjects.${type}`),
          }))}
        />
        <TextField
          label={t('adminAudit.subjectId')}
          value={form.subjectId}
          onChange={(e) => set('subjectId')(e.target.value)}
          maxLength={200}
        />
        <TextField
          type="date"
          label={t('adminAudit.from')}
          value={form.from}
          error={errors.from}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextField
          type="date"
          label={t('adminAudit.to')}
          value={form.to}
          error={errors.to}
          onChange={(e) => set('to')(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('adminAudit.apply')}</Button>
          <Button
            type="button"
            variant="quiet"
            onClick={() => {
              setForm(EMPTY)
              setErrors({})
              focusResults.current = true
              setApplied({})
              setPage(1)
            }}
          >
            {t('adminAudit.clear')}
          </Button>
          <a
            href={auditCsvUrl(applied)}
            download
            className="ml-auto rounded-full px-4 py-2 font-semibold text-rose-deep underline underline-offset-4"
          >
            {t('adminAudit.download')}
          </a>
        </div>
      </form>

      <div className="mt-6 flex flex-col gap-4">
        {failed !== null && <Alert tone="error">{failed || t('adminAudit.loadFailed')}</Alert>}
      </div>

      <h2
        ref={results}
        tabIndex={-1}
        className="mt-8 font-display text-2xl font-semibold"
        aria-live="polite"
      >
        {data
          ? t('adminAudit.results', {
              count: data.matching,
              formatted: number.format(data.matching),
            })
          : t('common:loading')}
      </h2>

      {data && data.entries.length === 0 && (
        <p className="mt-4 text-ink-soft">{t('adminAudit.empty')}</p>
      )}

      <ol className="mt-4 flex flex-col gap-4" data-testid="audit-entries">
        {data?.entries.map((entry) => (
          <AuditItem
            key={entry.id}
            entry={entry}
            when={when.format(new Date(entry.at))}
            text={describeAuditEntry(entry, entryT, i18n.language)}
          />
        ))}
      </ol>

      <Pager
        page={page}
        pages={pages}
        onPage={turnTo}
        label={t('adminAudit.pagination')}
        previous={t('adminAudit.previous')}
        next={t('adminAudit.next')}
        position={t('adminAudit.page', { page: number.format(page), pages: number.format(pages) })}
      />
    </div>
  )
}

function AuditItem({ entry, when, text }: { entry: Entry; when: string; text: AuditEntryText }) {
  const { t } = useTranslation('admin')
  const { actor, subject } = entry
  return (
    <li className="rounded-3xl bg-white p-5 ring-1 ring-ink/10 [overflow-wrap:anywhere]">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="text-lg font-semibold">{text.action}</p>
        <p className="text-sm text-ink-soft tabular-nums">
          <time dateTime={entry.at}>{when}</time>
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-soft">{t('adminAudit.by')}</dt>
        <dd>
          {actor.name || actor.email || t('adminAudit.none')}
          {actor.name && actor.email && <span className="text-ink-soft"> · {actor.email}</span>}
          <span className="text-ink-soft"> · {text.actorKind}</span>
        </dd>
        <dt className="font-semibold text-ink-soft">{t('adminAudit.about')}</dt>
        <dd>
          {text.subject}
          {subject.label && <>: {subject.label}</>}
          {subject.id && <span className="font-mono text-xs text-ink-soft"> ({subject.id})</span>}
        </dd>
        <dt className="font-semibold text-ink-soft">{t('adminAudit.address')}</dt>
        <dd className="font-mono text-xs leading-5">
          {entry.clientAddress ?? t('adminAudit.none')}
        </dd>
      </dl>
      {text.rows.length > 0 && (
        <table className="mt-4 w-full table-fixed text-left text-sm">
          <caption className="sr-only">{t('adminAudit.changes')}</caption>
          <thead>
            <tr className="text-ink-soft">
              <th scope="col" className="w-1/3 pb-1 font-semibold">
                {t('adminAudit.details')}
              </th>
              {text.hasBefore && (
                <th scope="col" className="pb-1 font-semibold">
                  {t('adminAudit.before')}
                </th>
              )}
              {text.hasAfter && (
                <th scope="col" className="pb-1 font-semibold">
                  {t('adminAudit.after')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {text.rows.map((row) => (
              <tr key={row.key} className="border-t border-ink/10 align-top">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {row.label}
                </th>
                {text.hasBefore && <td className="py-1 pr-3">{row.before}</td>}
                {text.hasAfter && <td className="py-1">{row.after}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  )
}
