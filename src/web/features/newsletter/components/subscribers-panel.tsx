import { useEffect, useRef, useState } from 'react'
import type { InferResponseType } from 'hono/client'
import { Link } from 'wouter'
import { SUBSCRIBER_FILTERS } from '../../../../shared/schemas/newsletter.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx'
import { api, type ApiClient } from '../../../lib/api-client.ts'
import { callApi } from '../../../lib/call-api.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useTranslation } from '../../../lib/use-translation.ts'

type ListAnswer = InferResponseType<ApiClient['admin']['newsletter']['$get']>
type Subscriber = ListAnswer['subscribers'][number]
type Filter = (typeof SUBSCRIBER_FILTERS)[number]

const SEARCH_DELAY_MS = 250

/** The admin's newsletter screen: search, filter, counts, CSV export and removal. */
export function SubscribersPanel() {
  const { t, i18n } = useTranslation('newsletter')
  useDocumentTitle(`${t('admin.title')} – Lendület`)
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<Filter>('all')
  const [page, setPage] = useState(1)
  const [list, setList] = useState<ListAnswer | null>(null)
  const [failed, setFailed] = useState(false)
  const [reload, setReload] = useState(0)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [removing, setRemoving] = useState<Subscriber | null>(null)

  // The search is sent once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim())
      setPage(1)
    }, SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  useEffect(() => {
    let current = true
    void callApi(() =>
      api.admin.newsletter.$get({ query: { q: query, status, page: String(page) } }),
    ).then((result) => {
      if (!current) return
      setFailed(!result.ok)
      if (result.ok) setList(result.data)
    })
    return () => {
      current = false
    }
  }, [query, status, page, reload])

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const pages = list ? Math.max(1, Math.ceil(list.matching / list.pageSize)) : 1
  const exportHref = `/api/admin/newsletter/export.csv?${new URLSearchParams({ q: query, status })}`

  async function remove(subscriber: Subscriber) {
    const result = await callApi(() =>
      api.admin.newsletter[':id'].$delete({ param: { id: subscriber.id } }),
    )
    setRemoving(null)
    setNotice(
      result.ok
        ? { tone: 'success', text: t('admin.removed', { email: subscriber.email }) }
        : { tone: 'error', text: result.message || t('admin.removeFailed') },
    )
    setReload((n) => n + 1)
  }

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <Link
        href="/admin"
        className="text-sm font-semibold text-rose-deep underline-offset-4 hover:underline"
      >
        ← {t('admin.back')}
      </Link>
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
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t('admin.search')}
          placeholder={t('admin.search')}
          className="h-11 w-full rounded-full border border-ink/15 bg-white px-5 outline-none focus:border-rose focus:ring-4 focus:ring-rose/15 sm:max-w-sm"
        />
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

      <div className="relative mt-4 overflow-x-auto rounded-3xl bg-white ring-1 ring-ink/5">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink/10 text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              <th scope="col" className="px-4 py-4 font-semibold sm:px-5">
                {t('admin.columns.email')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold sm:table-cell">
                {t('admin.columns.status')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold md:table-cell">
                {t('admin.columns.language')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold md:table-cell">
                {t('admin.columns.subscribedAt')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold xl:table-cell">
                {t('admin.columns.confirmedAt')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold xl:table-cell">
                {t('admin.columns.source')}
              </th>
              <th scope="col" className="relative px-4 py-4 sm:px-5">
                <span className="sr-only">{t('admin.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/5">
            {list?.subscribers.map((subscriber) => {
              const state = (
                <span
                  className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${subscriber.verified ? 'bg-sage/20 text-sage-deep' : 'bg-sand text-ink-soft'}`}
                >
                  {t(subscriber.verified ? 'admin.filters.verified' : 'admin.filters.pending')}
                </span>
              )
              return (
                <tr key={subscriber.id}>
                  <td className="px-4 py-4 [overflow-wrap:anywhere] sm:px-5">
                    <p className="font-medium">{subscriber.email}</p>
                    {subscriber.name && <p className="mt-0.5 text-ink-soft">{subscriber.name}</p>}
                    <p className="mt-2 sm:hidden">{state}</p>
                  </td>
                  <td className="hidden px-5 py-4 sm:table-cell">{state}</td>
                  <td className="hidden px-5 py-4 uppercase md:table-cell">
                    {subscriber.language}
                  </td>
                  <td className="hidden px-5 py-4 whitespace-nowrap md:table-cell">
                    {date.format(new Date(subscriber.createdAt))}
                  </td>
                  <td className="hidden px-5 py-4 whitespace-nowrap xl:table-cell">
                    {subscriber.confirmedAt ? date.format(new Date(subscriber.confirmedAt)) : '–'}
                  </td>
                  <td className="hidden px-5 py-4 xl:table-cell">
                    {t(`admin.sources.${subscriber.source}`)}
                  </td>
                  <td className="px-4 py-4 text-right sm:px-5">
                    <button
                      type="button"
                      onClick={() => setRemoving(subscriber)}
                      aria-label={t('admin.removeLabel', { email: subscriber.email })}
                      className="rounded-full px-3 py-1.5 text-sm font-semibold text-rose-deep transition hover:bg-blush/60"
                    >
                      {t('admin.remove')}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        {list && list.subscribers.length === 0 && (
          <p className="px-5 py-10 text-center text-ink-soft">{t('admin.empty')}</p>
        )}
        {!list && !failed && (
          <p className="px-5 py-10 text-center text-ink-soft">{t('admin.loading')}</p>
        )}
      </div>

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
        <ConfirmRemoval
          text={t('admin.confirmRemove', { email: removing.email })}
          confirmLabel={t('admin.remove')}
          cancelLabel={t('admin.cancel')}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  )
}

/** A modal confirmation on the native <dialog>: focus is trapped and Escape cancels. */
function ConfirmRemoval(props: {
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => Promise<void>
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [pending, setPending] = useState(false)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog
      ref={dialog}
      onCancel={props.onCancel}
      aria-labelledby="confirm-removal-text"
      className="m-auto w-[min(28rem,calc(100%-2.5rem))] rounded-3xl bg-white p-7 shadow-2xl backdrop:bg-ink/40"
    >
      <p id="confirm-removal-text" className="text-lg">
        {props.text}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button
          variant="solid"
          pending={pending}
          onClick={async () => {
            setPending(true)
            await props.onConfirm()
          }}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
