import { useState } from 'react'
import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { DataTable, TableSearch, type Column } from '#web/components/ui/data-table.tsx'
import { useApiData } from '#web/lib/use-api-data.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { fetchUsers, type AdminUser } from '../api/admin-api.ts'

/** The members, newest first, with their codes for the door; searched as the admin types. */
export function UsersPanel() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  useDocumentTitle(`${t('adminUsers.title')} – Lendület`)
  const { data, error } = useApiData(fetchUsers, 'users')
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const users = data?.users.filter(
    (u) =>
      !needle ||
      [u.fullName ?? '', u.email, u.userCode].some((v) => v.toLowerCase().includes(needle)),
  )
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const role = (u: AdminUser) => t(u.isAdmin ? 'adminUsers.roles.admin' : 'adminUsers.roles.member')

  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: t('adminUsers.columns.name'),
      className: '[overflow-wrap:anywhere]',
      cell: (u) => (
        <>
          <p className="font-medium">{u.fullName || u.email}</p>
          {u.fullName && <p className="text-ink-soft">{u.email}</p>}
        </>
      ),
    },
    {
      key: 'code',
      header: t('adminUsers.columns.code'),
      className: 'font-mono tracking-wider',
      cell: (u) => u.userCode,
    },
    {
      key: 'role',
      header: t('adminUsers.columns.role'),
      hiddenBelow: 'md',
      cell: role,
      // On phones the role shows as a badge under the address, as a subscriber's state does.
      inline: (u) => (
        <span
          className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${u.isAdmin ? 'bg-blush text-rose-deep' : 'bg-sand text-ink-soft'}`}
        >
          {role(u)}
        </span>
      ),
    },
    {
      key: 'joined',
      header: t('adminUsers.columns.joined'),
      hiddenBelow: 'md',
      className: 'whitespace-nowrap',
      cell: (u) => date.format(new Date(u.createdAt)),
    },
  ]

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <Link
        href="/admin"
        className="text-sm font-semibold text-rose-deep underline-offset-4 hover:underline"
      >
        ← {t('adminUsers.back')}
      </Link>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('adminUsers.title')}
      </h1>
      <TableSearch
        label={t('adminUsers.search')}
        value={search}
        onChange={setSearch}
        className="mt-8"
      />
      {error !== null && (
        <div className="mt-6">
          <Alert tone="error">{error || t('adminUsers.loadFailed')}</Alert>
        </div>
      )}
      <DataTable
        className="mt-6"
        columns={columns}
        rows={users ?? null}
        rowKey={(u) => u.id}
        emptyText={t('adminUsers.empty')}
        loadingText={error === null ? t('common:loading') : undefined}
      />
    </div>
  )
}
