import { useLocation } from 'wouter'
import { BackLink } from '../components/ui/back-link.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { EventEditor } from '../features/events/components/event-editor.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/** /admin/events/new: create an event, then manage it. */
export default function AdminEventNewPage() {
  return (
    <RequireRole allow={['admin']}>
      <NewEvent />
    </RequireRole>
  )
}

function NewEvent() {
  const { t } = useTranslation('events')
  const [, navigate] = useLocation()
  useDocumentTitle(`${t('editor.newTitle')} – Lendület`)
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 sm:px-8">
      <BackLink href="/admin">{t('page.back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('editor.newTitle')}
      </h1>
      <div className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-8">
        <EventEditor
          onSaved={(id) => navigate(`/admin/events/${id}`)}
          onCancel={() => navigate('/admin')}
        />
      </div>
    </div>
  )
}
