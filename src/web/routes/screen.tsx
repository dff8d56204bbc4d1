import { useMemo, useRef, useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import { normalizeScreenCode } from '#shared/screen-codes.ts'
import { BrandMark } from '../components/layout/brand-mark.tsx'
import { Button } from '../components/ui/button.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { screenLinkTransport } from '../features/live/live-connection.ts'
import { useLiveEvent } from '../features/live/use-live-event.ts'
import { api } from '../lib/api-client.ts'
import { callApi } from '../lib/call-api.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useTranslation } from '../lib/use-translation.ts'
import { Background, BigScreen, Panel } from './klikkscreen.tsx'

/**
 * /screen and /screen/:key (decision 0066): the big screen on the projector's laptop without an
 * account. /screen takes the short code the host reads out; /screen/:key is the big screen of the
 * one evening its link opens, and nothing else.
 */
export default function ScreenPage() {
  const { key } = useParams<{ key?: string }>()
  return key ? <ScreenByLink screenKey={key} /> : <ScreenCode />
}

function ScreenByLink({ screenKey }: { screenKey: string }) {
  const transport = useMemo(() => screenLinkTransport(screenKey), [screenKey])
  return <BigScreen {...useLiveEvent(screenKey, transport)} byLink />
}

function ScreenCode() {
  const { t } = useTranslation('events')
  const [, navigate] = useLocation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  useDocumentTitle(`${t('screen.codeTitle')} – Lendület`)

  async function open(event: FormEvent) {
    event.preventDefault()
    const refuse = (message: string) => {
      setError(message)
      // Focus stays in the field, what she typed selected, to be typed again at once.
      field.current?.focus()
      field.current?.select()
    }
    if (!normalizeScreenCode(code)) return refuse(t('validation.screenCodeInvalid'))
    setPending(true)
    const result = await callApi(() => api.screen.code.$post({ json: { code } }))
    setPending(false)
    if (!result.ok) return refuse(result.message || t('page.actionFailed'))
    navigate(result.data.path, { replace: true })
  }

  return (
    <div className="flex min-h-dvh flex-col px-5 py-5 text-ink sm:px-10 sm:py-8">
      <Background />
      <header className="flex items-center gap-3">
        <BrandMark className="size-10 sm:size-12" />
        <p className="font-display text-xl font-semibold sm:text-3xl">Lendület</p>
      </header>
      <main className="flex flex-1 flex-col py-[2.5vh]">
        <Panel title={t('screen.codeTitle')} text={t('screen.codeIntro')}>
          <form
            noValidate
            onSubmit={(event) => void open(event)}
            className="mx-auto mt-8 flex max-w-md flex-col items-stretch gap-4 text-left"
          >
            <TextField
              ref={field}
              label={t('screen.codeLabel')}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase())
                setError(undefined)
              }}
              error={error}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="K7MP-4QXR"
              className="text-center font-mono text-2xl tracking-[0.25em] uppercase"
            />
            <Button type="submit" variant="solid" size="lg" pending={pending}>
              {t('screen.open')}
            </Button>
          </form>
        </Panel>
      </main>
    </div>
  )
}
