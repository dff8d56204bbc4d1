import { useEffect, useRef, useState } from 'react'
import type { Language } from '#shared/languages.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { previewCampaign, type CampaignPreview as Preview } from '../api/campaigns-api.ts'

/** Typing pauses this long before the preview is made again. */
const PREVIEW_DELAY_MS = 600

type Format = 'html' | 'text'

/**
 * One language's e-mail as the server will send it, HTML or plain text, made from the text as it
 * stands (saved or not), and made again as it changes. The HTML runs in a sandbox: no scripts,
 * no access to this page.
 */
export function CampaignPreview({
  language,
  subject,
  body,
  webVersion = true,
}: {
  language: Language
  subject: string
  body: string
  /** Whether the e-mail links to its page on the web: a campaign's does, a welcome e-mail not. */
  webVersion?: boolean
}) {
  const { t } = useTranslation('newsletter')
  const [format, setFormat] = useState<Format>('html')
  // The last answer, and which text it was for: a different text on the screen is on its way.
  const [answer, setAnswer] = useState<{ key: string; failure?: string }>()
  const key = JSON.stringify([language, subject, body])
  const loading = answer?.key !== key
  // The first preview comes at once; later ones wait for typing to pause.
  const shown = useRef(false)
  const [preview, setPreview] = useState<Preview | null>(null)

  useEffect(() => {
    let current = true
    const timer = window.setTimeout(
      () => {
        void previewCampaign({ language, subject, body, webVersion }).then((result) => {
          if (!current) return
          shown.current = true
          if (result.ok) {
            setPreview(result.data)
            setAnswer({ key })
          } else setAnswer({ key, failure: result.message })
        })
      },
      shown.current ? PREVIEW_DELAY_MS : 0,
    )
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [key, language, subject, body, webVersion])
  // The server's words, or ours when it gave none ('').
  const failure =
    answer?.failure === undefined
      ? undefined
      : answer.failure || t('campaigns.ui.editor.previewFailed')

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedChoice
          legend={t('campaigns.ui.editor.previewFormat')}
          options={[
            { value: 'html', label: t('campaigns.ui.editor.previewHtml') },
            { value: 'text', label: t('campaigns.ui.editor.previewText') },
          ]}
          value={format}
          onChange={setFormat}
        />
        <p role="status" className="text-sm text-ink-soft">
          {loading ? t('campaigns.ui.editor.previewLoading') : ''}
        </p>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      {preview && (
        <div
          className={`overflow-hidden rounded-2xl ring-1 ring-ink/10 transition-opacity ${loading ? 'opacity-70' : ''}`}
        >
          <p className="border-b border-ink/10 bg-sand/60 px-4 py-3 text-sm [overflow-wrap:anywhere]">
            {t('campaigns.ui.editor.previewSubject', { subject: preview.subject })}
          </p>
          {format === 'html' ? (
            <iframe
              title={t('campaigns.ui.editor.previewFrame')}
              sandbox=""
              srcDoc={preview.html}
              className="block h-[36rem] w-full bg-white"
            />
          ) : (
            <pre
              data-testid="campaign-preview-text"
              className="max-h-[36rem] overflow-auto bg-white p-5 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap"
            >
              {preview.text}
            </pre>
          )}
        </div>
      )}
    </div>
  )
}
