import { useState } from 'react'
import { Link } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { api } from '../lib/api-client.ts'
import { callApi } from '../lib/call-api.ts'
import { useApiData } from '../lib/use-api-data.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

const fetchUsers = () => callApi(() => api.admin.users.$get())

/** /admin/users: the members, newest first, with their codes for the door (admins only). */
export default function AdminUsersPage() {
  return (
    <RequireRole allow={['admin']}>
      <Users />
    </RequireRole>
  )
}

function Users() {
  const { t, i18n } = useTranslation(['auth'])
  useDocumentTitle(`${t('adminUsers.title')} – Lendület`)
  const { data, error } = useApiData(fetchUsers, 'users')
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const users = (data?.users ?? []).filter(
    (u) =>
      !needle ||
      [u.fullName ?? '', u.email, u.userCode].some((v) => v.toLowerCase().includes(needle)),
  )
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
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
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={t('adminUsers.search')}
        placeholder={t('adminUsers.search')}
        className="mt-8 h-11 w-full rounded-full border border-ink/15 bg-white px-5 outline-none focus:border-rose focus:ring-4 focus:ring-rose/15 sm:max-w-sm"
      />
      {error !== null && (
        <div className="mt-6">
          <Alert tone="error">{error || t('adminUsers.loadFailed')}</Alert>
        </div>
      )}
      <div className="relative mt-6 overflow-x-auto rounded-3xl bg-white ring-1 ring-ink/5">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink/10 text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              <th scope="col" className="px-4 py-4 font-semibold sm:px-5">
                {t('adminUsers.columns.name')}
              </th>
              <th scope="col" className="px-4 py-4 font-semibold sm:px-5">
                {t('adminUsers.columns.code')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold md:table-cell">
                {t('adminUsers.columns.role')}
              </th>
              <th scope="col" className="hidden px-5 py-4 font-semibold md:table-cell">
                {t('adminUsers.columns.joined')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/5">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-4 [overflow-wrap:anywhere] sm:px-5">
                  <p className="font-medium">{u.fullName || u.email}</p>
                  {u.fullName && <p className="text-ink-soft">{u.email}</p>}
                </td>
                <td className="px-4 py-4 font-mono tracking-wider sm:px-5">{u.userCode}</td>
                <td className="hidden px-5 py-4 md:table-cell">
                  {t(u.isAdmin ? 'adminUsers.roles.admin' : 'adminUsers.roles.member')}
                </td>
                <td className="hidden px-5 py-4 whitespace-nowrap md:table-cell">
                  {date.format(new Date(u.createdAt))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && users.length === 0 && (
          <p className="px-5 py-10 text-center text-ink-soft">{t('adminUsers.empty')}</p>
        )}
      </div>
    </div>
  )
}
