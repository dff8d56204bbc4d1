import { useEffect, useRef } from 'react'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { refreshSession } from '#web/lib/session-store.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { TwoStepSetup } from './two-step-setting.tsx'

/**
 * In place of an admin screen while her account has no two-step sign-in (the server refuses
 * every admin route until then): why, and the setup itself. Once she has saved her backup
 * codes, the screen she came for opens.
 */
export function AdminTwoStepGate() {
  const { t } = useTranslation('auth')
  useDocumentTitle(`${t('adminGate.title')} – Lendület`)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <div className="mx-auto max-w-2xl px-5 py-12 sm:px-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-display text-3xl font-semibold tracking-tight outline-none sm:text-4xl"
      >
        {t('adminGate.title')}
      </h1>
      <p className="mt-3 text-ink-soft">{t('adminGate.text')}</p>
      <div className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-ink/5 sm:p-8">
        <TwoStepSetup onDone={() => void refreshSession()} />
      </div>
    </div>
  )
}
