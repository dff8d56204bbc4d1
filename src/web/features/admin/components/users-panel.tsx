import { useState } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Pager } from '#web/components/ui/pager.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable, TableSearch, type Column } from '#web/components/ui/data-table.tsx'
import { refreshSession, useSession } from '#web/lib/session-store.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { usePagedList } from '#web/lib/use-paged-list.ts'
import { adminKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { setUserRole, usersQuery, type AdminUser } from '../api/admin-api.ts'

/**
 * The members, newest first, a page at a time, with their codes for the door; searched on the
 * server as the admin types, so it works for any number of members. Admins make others admins
 * and take the role back, after a confirmation; the last admin cannot be removed.
 */
export function UsersPanel() {
  const { t, i18n } = useTranslation(['admin', 'common'])
  useDocumentTitle(`${t('adminUsers.title')} – Lendület`)
  const session = useSession()
  const myId = session.status === 'signed-in' ? session.me.id : null
  const {
    search,
    setSearch,
    page,
    setPage,
    list,
    error: failed,
    pages,
    reload,
    notice,
    setNotice,
  } = usePagedList(usersQuery, adminKeys.users())
  // The row whose change waits for her confirmation.
  const [changing, setChanging] = useState<AdminUser | null>(null)

  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium' })
  const number = new Intl.NumberFormat(i18n.language)
  const nameOf = (u: AdminUser) => u.fullName || u.email
  const role = (u: AdminUser) => t(u.isAdmin ? 'adminUsers.roles.admin' : 'adminUsers.roles.member')
  const roleBadge = (u: AdminUser) => (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${u.isAdmin ? 'bg-blush text-rose-deep' : 'bg-sand text-ink-soft'}`}
    >
      {role(u)}
    </span>
  )
  const onlyAdmin = (u: AdminUser) => u.isAdmin && (list?.admins ?? 0) <= 1
  const roleAction = (u: AdminUser, className = '') =>
    onlyAdmin(u) ? (
      <span className="text-xs font-semibold whitespace-nowrap text-ink-soft">
        {t('adminUsers.onlyAdmin')}
      </span>
    ) : (
      <Button
        type="button"
        variant="quiet"
        size="xs"
        className={`whitespace-nowrap ${className}`}
        onClick={() => setChanging(u)}
        aria-label={t(u.isAdmin ? 'adminUsers.removeAdminLabel' : 'adminUsers.makeAdminLabel', {
          name: nameOf(u),
        })}
      >
        {t(u.isAdmin ? 'adminUsers.removeAdmin' : 'adminUsers.makeAdmin')}
      </Button>
    )

  // For a member who asks for her data by e-mail: the same file she gets on her account page.
  const exportLink = (u: AdminUser) => (
    <a
      href={`/api/admin/users/${encodeURIComponent(u.id)}/export`}
      download
      className="inline-block rounded-full px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-rose-deep hover:bg-blush/40"
      aria-label={t('adminUsers.exportDataLabel', { name: nameOf(u) })}
    >
      {t('adminUsers.exportData')}
    </a>
  )
  const actions = (u: AdminUser, className = '') => (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {roleAction(u, className)}
      {exportLink(u)}
    </span>
  )

  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: t('adminUsers.columns.name'),
      className: '[overflow-wrap:anywhere]',
      cell: (u) => (
        <>
          <p className="font-medium">
            {nameOf(u)}
            {u.id === myId && (
              <span className="ml-2 text-xs font-semibold text-ink-soft">
                ({t('adminUsers.you')})
              </span>
            )}
          </p>
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
      cell: roleBadge,
      // On phones the role shows as a badge under the address, as a subscriber's state does.
      inline: roleBadge,
    },
    {
      key: 'noShows',
      header: t('adminUsers.columns.noShows'),
      hiddenBelow: 'md',
      className: 'tabular-nums',
      cell: (u) => (u.noShows > 0 ? number.format(u.noShows) : '–'),
      // On phones only a member who has some shows them, under her address.
      inline: (u) =>
        u.noShows > 0 ? (
          <span className="text-sm text-ink-soft">
            {t('adminUsers.noShows', { count: u.noShows, formatted: number.format(u.noShows) })}
          </span>
        ) : null,
    },
    {
      key: 'joined',
      header: t('adminUsers.columns.joined'),
      hiddenBelow: 'md',
      className: 'whitespace-nowrap',
      cell: (u) => date.format(new Date(u.createdAt)),
    },
    {
      key: 'actions',
      header: t('adminUsers.columns.actions'),
      headerHidden: true,
      hiddenBelow: 'sm',
      className: 'text-right',
      cell: (u) => actions(u),
      // On phones the actions sit under the name, leaving the row to the name and the code.
      inline: (u) => actions(u, '-ml-3'),
    },
  ]

  async function change(u: AdminUser) {
    const granting = !u.isAdmin
    const result = await setUserRole(u.id, granting ? 'admin' : 'member')
    setChanging(null)
    const name = nameOf(u)
    setNotice(
      result.ok
        ? {
            tone: 'success',
            text: t(granting ? 'adminUsers.granted' : 'adminUsers.revoked', { name }),
          }
        : { tone: 'error', text: result.message || t('adminUsers.changeFailed') },
    )
    // Giving up her own role closes the admin area to her: the guard takes her home.
    if (result.ok && u.id === myId) await refreshSession()
    else if (!result.ok) await reload()
  }

  const question = (u: AdminUser) =>
    u.isAdmin
      ? u.id === myId
        ? t('adminUsers.confirmRevokeSelf')
        : t('adminUsers.confirmRevoke', { name: nameOf(u) })
      : t('adminUsers.confirmGrant', { name: nameOf(u) })

  const from = list && list.matching > 0 ? (list.page - 1) * list.pageSize + 1 : 0
  const to = list ? Math.min(list.matching, from + list.users.length - 1) : 0

  return (
    <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{t('adminUsers.back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('adminUsers.title')}
      </h1>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TableSearch label={t('adminUsers.search')} value={search} onChange={setSearch} />
        {list && list.matching > 0 && (
          <p className="text-sm text-ink-soft tabular-nums" data-testid="users-range">
            {t('adminUsers.range', {
              from: number.format(from),
              to: number.format(to),
              count: number.format(list.matching),
            })}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-4">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {failed !== null && <Alert tone="error">{failed || t('adminUsers.loadFailed')}</Alert>}
      </div>
      <DataTable
        className="mt-4"
        columns={columns}
        rows={list?.users ?? null}
        rowKey={(u) => u.id}
        emptyText={t('adminUsers.empty')}
        loadingText={failed === null ? t('common:loading') : undefined}
      />

      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        label={t('adminUsers.pagination')}
        previous={t('adminUsers.previous')}
        next={t('adminUsers.next')}
        position={t('adminUsers.page', { page: number.format(page), pages: number.format(pages) })}
      />

      {changing && (
        <ConfirmDialog
          text={question(changing)}
          confirmLabel={t(
            changing.isAdmin ? 'adminUsers.confirmRevokeButton' : 'adminUsers.confirmGrantButton',
          )}
          cancelLabel={t('adminUsers.cancel')}
          onConfirm={() => change(changing)}
          onCancel={() => setChanging(null)}
        />
      )}
    </div>
  )
}
