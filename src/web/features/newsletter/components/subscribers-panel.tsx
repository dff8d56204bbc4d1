import { dateLocale } from '#shared/languages.ts'
import { useState } from 'react'
import { SUBSCRIBER_FILTERS } from '#shared/schemas/newsletter.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable, TableSearch, type Column } from '#web/components/ui/data-table.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { usePagedList } from '#web/lib/use-paged-list.ts'
import { adminKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  liftSuppression,
  removeSubscriber,
  subscribersExportUrl,
  subscribersQuery,
  type Subscriber,
  type SubscriberFilter,
} from '../api/admin-newsletter-api.ts'

/** The admin's newsletter screen: search, filter, counts, CSV export and removal. */
export function SubscribersPanel() {
  const { t, i18n } = useTranslation('newsletter')
  useDocumentTitle(`${t('admin.title')} – Lendület`)
  const [status, setStatus] = useState<SubscriberFilter>('all')
  const { search, setSearch, query, page, setPage, list, error, pages, reload, notice, setNotice } =
    usePagedList(({ q, page }) => subscribersQuery({ q, status, page }), adminKeys.subscribers())
  // The row whose removal, or whose mailing again, waits for her confirmation.
  const [removing, setRemoving] = useState<Subscriber | null>(null)
  const [lifting, setLifting] = useState<Subscriber | null>(null)
  const failed = error !== null

  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium' })
  const exportHref = subscribersExportUrl({ q: query, status })

  const state = (subscriber: Subscriber) =>
    subscriber.notMailed ? (
      <span className="inline-flex flex-col items-start gap-1">
        <span className="inline-block rounded-full bg-rose/15 px-3 py-1 text-xs font-semibold whitespace-nowrap text-rose-deep">
          {t('admin.filters.bounced')}
        </span>
        <span className="text-xs text-ink-soft">
          {t(`admin.suppressions.reasons.${subscriber.notMailed}`)}
          {subscriber.notMailedDetail && (
            <span className="block max-w-56 [overflow-wrap:anywhere]">
              {subscriber.notMailedDetail}
            </span>
          )}
        </span>
      </span>
    ) : (
      <span
        className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${subscriber.verified ? 'bg-sage/20 text-sage-deep' : 'bg-sand text-ink-soft'}`}
      >
        {t(subscriber.verified ? 'admin.filters.verified' : 'admin.filters.pending')}
      </span>
    )
  const columns: Column<Subscriber>[] = [
    {
      key: 'email',
      header: t('admin.columns.email'),
      className: '[overflow-wrap:anywhere]',
      cell: (subscriber) => (
        <>
          <p className="font-medium">{subscriber.email}</p>
          {subscriber.name && <p className="mt-0.5 text-ink-soft">{subscriber.name}</p>}
        </>
      ),
    },
    {
      key: 'status',
      header: t('admin.columns.status'),
      hiddenBelow: 'sm',
      cell: state,
      inline: state,
    },
    {
      key: 'language',
      header: t('admin.columns.language'),
      hiddenBelow: 'md',
      className: 'uppercase',
      cell: (subscriber) => subscriber.language,
    },
    {
      key: 'subscribedAt',
      header: t('admin.columns.subscribedAt'),
      hiddenBelow: 'md',
      className: 'whitespace-nowrap',
      cell: (subscriber) => date.format(new Date(subscriber.createdAt)),
    },
    {
      key: 'confirmedAt',
      header: t('admin.columns.confirmedAt'),
      hiddenBelow: 'xl',
      className: 'whitespace-nowrap',
      cell: (subscriber) =>
        subscriber.confirmedAt ? date.format(new Date(subscriber.confirmedAt)) : '–',
    },
    {
      key: 'source',
      header: t('admin.columns.source'),
      hiddenBelow: 'xl',
      cell: (subscriber) => t(`admin.sources.${subscriber.source}`),
    },
    {
      key: 'actions',
      header: t('admin.columns.actions'),
      headerHidden: true,
      className: 'text-right',
      cell: (subscriber) => (
        <span className="inline-flex flex-wrap justify-end gap-2">
          {subscriber.notMailed && (
            <Button
              type="button"
              variant="quiet"
              size="xs"
              onClick={() => setLifting(subscriber)}
              aria-label={t('admin.suppressions.liftLabel', { email: subscriber.email })}
            >
              {t('admin.suppressions.lift')}
            </Button>
          )}
          <Button
            type="button"
            variant="quiet"
            size="xs"
            onClick={() => setRemoving(subscriber)}
            aria-label={t('admin.removeLabel', { email: subscriber.email })}
          >
            {t('admin.remove')}
          </Button>
        </span>
      ),
    },
  ]

  async function remove(subscriber: Subscriber) {
    const result = await removeSubscriber(subscriber.id)
    setRemoving(null)
    setNotice(
      result.ok
        ? { tone: 'success', text: t('admin.removed', { email: subscriber.email }) }
        : { tone: 'error', text: result.message || t('admin.removeFailed') },
    )
    if (!result.ok) await reload()
  }

  async function lift(subscriber: Subscriber) {
    const result = await liftSuppression(subscriber.email)
    setLifting(null)
    setNotice(
      result.ok
        ? { tone: 'success', text: t('admin.suppressions.lifted', { email: subscriber.email }) }
        : { tone: 'error', text: result.message || t('admin.suppressions.liftFailed') },
    )
    if (!result.ok) await reload()
  }

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{t('admin.back')}</BackLink>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold tracking-tight">{t('admin.title')}</h1>
          {list && (
            <p className="mt-2 text-ink-soft" data-testid="subscriber-counts">
              {t('admin.counts', list.counts)}
            </p>
          )}
        </div>
        <a
          href={exportHref}
          download
          className="inline-flex h-11 items-center rounded-full border border-ink/15 bg-white px-5 font-semibold transition hover:border-rose/50 hover:text-rose-deep"
        >
          {t('admin.export')}
        </a>
      </div>

      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <TableSearch label={t('admin.search')} value={search} onChange={setSearch} />
        <SegmentedChoice
          legend={t('admin.filter')}
          options={SUBSCRIBER_FILTERS.map((filter) => ({
            value: filter,
            label: t(`admin.filters.${filter}`),
          }))}
          value={status}
          onChange={(filter) => {
            setStatus(filter)
            setPage(1)
          }}
        />
      </div>

      <div className="mt-6 flex flex-col gap-4">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {failed && <Alert tone="error">{t('admin.loadFailed')}</Alert>}
      </div>

      <DataTable
        className="mt-4"
        columns={columns}
        rows={list?.subscribers ?? null}
        rowKey={(subscriber) => subscriber.id}
        emptyText={t('admin.empty')}
        loadingText={failed ? undefined : t('admin.loading')}
      />

      {pages > 1 && (
        <nav className="mt-6 flex items-center justify-center gap-4" aria-label={t('admin.title')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.previous')}
          </Button>
          <span className="text-sm text-ink-soft">{t('admin.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('admin.next')}
          </Button>
        </nav>
      )}

      {removing && (
        <ConfirmDialog
          text={t('admin.confirmRemove', { email: removing.email })}
          confirmLabel={t('admin.remove')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      {lifting && (
        <ConfirmDialog
          text={t('admin.suppressions.confirmLift', { email: lifting.email })}
          confirmLabel={t('admin.suppressions.lift')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => lift(lifting)}
          onCancel={() => setLifting(null)}
        />
      )}
    </div>
  )
}
