import { dateLocale } from '#shared/languages.ts'
import { useState } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable, TableSearch, type Column } from '#web/components/ui/data-table.tsx'
import { usePagedList } from '#web/lib/use-paged-list.ts'
import { adminKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  liftSuppression,
  suppressionsQuery,
  type Suppression,
} from '../api/admin-newsletter-api.ts'

/**
 * Below the subscribers: the addresses the newsletter leaves alone after a bounce or a spam
 * complaint (decision 83), why, in the provider's own words, and a way to mail one again.
 */
export function SuppressionsPanel() {
  const { t, i18n } = useTranslation('newsletter')
  const { search, setSearch, list, error, notice, setNotice, reload } = usePagedList(
    suppressionsQuery,
    [...adminKeys.subscribers(), 'suppressed'],
  )
  const [lifting, setLifting] = useState<Suppression | null>(null)
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium' })

  const reason = (row: Suppression) => (
    <span className="inline-block rounded-full bg-sand px-3 py-1 text-xs font-semibold whitespace-nowrap text-ink-soft">
      {t(`admin.suppressions.reasons.${row.reason}`)}
    </span>
  )
  const columns: Column<Suppression>[] = [
    {
      key: 'email',
      header: t('admin.suppressions.columns.email'),
      className: '[overflow-wrap:anywhere]',
      cell: (row) => (
        <>
          <p className="font-medium">{row.email}</p>
          {row.detail && <p className="mt-0.5 text-sm text-ink-soft">{row.detail}</p>}
        </>
      ),
    },
    {
      key: 'reason',
      header: t('admin.suppressions.columns.reason'),
      // On a phone, under the address: the address keeps the row's width.
      hiddenBelow: 'sm',
      cell: reason,
      inline: reason,
    },
    {
      key: 'at',
      header: t('admin.suppressions.columns.at'),
      hiddenBelow: 'md',
      className: 'whitespace-nowrap',
      cell: (row) => date.format(new Date(row.at)),
    },
    {
      key: 'actions',
      header: t('admin.columns.actions'),
      headerHidden: true,
      className: 'text-right',
      cell: (row) => (
        <Button
          type="button"
          variant="quiet"
          size="xs"
          onClick={() => setLifting(row)}
          aria-label={t('admin.suppressions.liftLabel', { email: row.email })}
        >
          {t('admin.suppressions.lift')}
        </Button>
      ),
    },
  ]

  async function lift(row: Suppression) {
    const result = await liftSuppression(row.email)
    setLifting(null)
    setNotice(
      result.ok
        ? {
            tone: 'success',
            text: t(
              result.data.subscribed
                ? 'admin.suppressions.lifted'
                : 'admin.suppressions.liftedNotSubscribed',
              { email: row.email },
            ),
          }
        : { tone: 'error', text: result.message || t('admin.suppressions.liftFailed') },
    )
    if (!result.ok) await reload()
  }

  return (
    <section aria-labelledby="suppressions-heading" className="mt-14">
      <h2 id="suppressions-heading" className="font-display text-2xl font-semibold tracking-tight">
        {t('admin.suppressions.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-soft">{t('admin.suppressions.intro')}</p>
      <div className="mt-5">
        <TableSearch label={t('admin.suppressions.search')} value={search} onChange={setSearch} />
      </div>
      <div className="mt-4 flex flex-col gap-4">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {error !== null && <Alert tone="error">{t('admin.loadFailed')}</Alert>}
      </div>
      <DataTable
        className="mt-4"
        columns={columns}
        rows={list?.suppressions ?? null}
        rowKey={(row) => row.email}
        emptyText={t('admin.suppressions.empty')}
        loadingText={error !== null ? undefined : t('admin.loading')}
      />
      {lifting && (
        <ConfirmDialog
          text={t(
            lifting.reason === 'complaint'
              ? 'admin.suppressions.confirmLiftComplaint'
              : 'admin.suppressions.confirmLift',
            { email: lifting.email },
          )}
          confirmLabel={t('admin.suppressions.lift')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => lift(lifting)}
          onCancel={() => setLifting(null)}
        />
      )}
    </section>
  )
}
