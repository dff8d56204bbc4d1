import { useLocation } from 'wouter'
import { BackLink } from '../components/ui/back-link.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { SeriesEditor } from '../features/events/components/series-editor.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'

/** /admin/series/new: evenings that come back, made in one go (decision 0088). */
export default function AdminSeriesNewPage() {
  return (
    <RequireRole allow={['admin']}>
      <NewSeries />
    </RequireRole>
  )
}

function NewSeries() {
  const { t } = useTranslation('events')
  const [, navigate] = useLocation()
  useDocumentTitle(`${t('series.newTitle')} – Lendület`)
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 sm:px-8">
      <BackLink href="/admin">{t('page.back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('series.newTitle')}
      </h1>
      <p className="mt-3 text-ink-soft">{t('series.newIntro')}</p>
      <div className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-8">
        <SeriesEditor
          onSaved={(id) => navigate(`/admin/series/${id}`)}
          onCancel={() => navigate('/admin')}
        />
      </div>
    </div>
  )
}
