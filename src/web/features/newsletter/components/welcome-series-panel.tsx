import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { WELCOME_POSITIONS } from '#shared/schemas/welcome-series.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  includeEarlierSubscribers,
  switchWelcomeSeries,
  welcomeQuery,
  type WelcomeEmail,
  type WelcomeSeries,
} from '../api/welcome-api.ts'
import { campaignCard as card } from './campaign-page.tsx'
import { WelcomeEmailEditor } from './welcome-email-editor.tsx'

/**
 * /admin/newsletter/welcome: the series' switch, its three places (each e-mail with its delay and
 * how many went out, or a button to write it), and the one-time choice to include subscribers
 * who came before it.
 */
export function WelcomeSeriesPanel() {
  const { t } = useTranslation('newsletter')
  useDocumentTitle(`${t('welcome.ui.title')} – Lendület`)
  const { data, error } = useQuery(welcomeQuery())
  const [editing, setEditing] = useState<number | null>(null)
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string }>()
  const [pending, setPending] = useState(false)

  async function turn(enabled: boolean) {
    setPending(true)
    setNotice(undefined)
    const result = await switchWelcomeSeries(enabled)
    setPending(false)
    setNotice(
      result.ok
        ? { tone: 'success', text: t(enabled ? 'welcome.ui.turnedOn' : 'welcome.ui.turnedOff') }
        : { tone: 'error', text: result.message || t('welcome.ui.actionFailed') },
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8 sm:py-12">
      <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {t('welcome.ui.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('welcome.ui.intro')}</p>
      {error !== null && data === undefined && (
        <div className="mt-6">
          <Alert tone="error">{t('welcome.ui.loadFailed')}</Alert>
        </div>
      )}
      {data && (
        <>
          <section
            aria-label={t('welcome.ui.title')}
            className={`${card} mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}
          >
            <p className="flex items-center gap-2 font-semibold" data-testid="welcome-state">
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full ${data.enabled ? 'bg-sage-deep' : 'bg-ink/30'}`}
              />
              {t(data.enabled ? 'welcome.ui.on' : 'welcome.ui.off')}
            </p>
            <Button
              type="button"
              size="md"
              variant={data.enabled ? 'secondary' : 'primary'}
              className="shrink-0"
              pending={pending}
              onClick={() => void turn(!data.enabled)}
            >
              {t(data.enabled ? 'welcome.ui.turnOff' : 'welcome.ui.turnOn')}
            </Button>
          </section>
          {notice && (
            <div className="mt-4">
              <Alert tone={notice.tone} focus>
                {notice.text}
              </Alert>
            </div>
          )}
          <ol className="mt-8 flex flex-col gap-6">
            {WELCOME_POSITIONS.map((position) => {
              const email = data.emails.find((e) => e.position === position)
              return (
                <li key={position}>
                  {editing === position ? (
                    <WelcomeEmailEditor
                      position={position}
                      email={email ?? null}
                      onClose={() => setEditing(null)}
                    />
                  ) : (
                    <WelcomeEmailCard
                      position={position}
                      email={email}
                      onEdit={() => setEditing(position)}
                      disabled={editing !== null}
                    />
                  )}
                </li>
              )
            })}
          </ol>
          <EarlierSubscribers series={data} />
        </>
      )}
    </div>
  )
}

function WelcomeEmailCard({
  position,
  email,
  onEdit,
  disabled,
}: {
  position: number
  email: WelcomeEmail | undefined
  onEdit: () => void
  disabled: boolean
}) {
  const { t } = useTranslation('newsletter')
  const subject = email?.content.hu?.subject.trim() ?? ''
  return (
    <section
      className={`${card} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}
      aria-labelledby={`welcome-${position}`}
    >
      <div className="min-w-0">
        <h2 id={`welcome-${position}`} className="font-display text-xl font-semibold">
          {t('welcome.ui.email', { position })}
        </h2>
        {email ? (
          <>
            <p className="mt-1 font-medium [overflow-wrap:anywhere]">{subject || '–'}</p>
            <p className="mt-1 text-sm text-ink-soft">
              {email.delayDays === 0
                ? t('welcome.ui.atOnce')
                : t('welcome.ui.after', { count: email.delayDays })}
              {' · '}
              <span data-testid={`welcome-sent-${position}`}>
                {t('welcome.ui.sent', { count: email.sent })}
              </span>
            </p>
          </>
        ) : (
          position === 1 && <p className="mt-1 text-sm text-ink-soft">{t('welcome.ui.empty')}</p>
        )}
      </div>
      <Button
        type="button"
        size="md"
        variant={email ? 'secondary' : 'outline'}
        className="shrink-0"
        disabled={disabled}
        onClick={onEdit}
      >
        {email ? t('welcome.ui.edit') : t('welcome.ui.add', { position })}
      </Button>
    </section>
  )
}

/** The one-time choice to include subscribers who confirmed before the series started. */
function EarlierSubscribers({ series }: { series: WelcomeSeries }) {
  const { t, i18n } = useTranslation('newsletter')
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string>()
  if (!series.startedAt) return null
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'long' })
  const count = series.earlierCount
  return (
    <section className={`${card} mt-8 flex flex-col gap-3`} aria-labelledby="welcome-earlier">
      <h2 id="welcome-earlier" className="font-display text-xl font-semibold">
        {t('welcome.ui.earlierTitle')}
      </h2>
      {series.earlierIncludedAt ? (
        <p className="text-ink-soft">
          {t('welcome.ui.earlierDone', { date: date.format(new Date(series.earlierIncludedAt)) })}
        </p>
      ) : count === 0 ? (
        <p className="text-ink-soft">{t('welcome.ui.earlierNone')}</p>
      ) : (
        <>
          <p className="text-ink-soft">{t('welcome.ui.earlierText', { count })}</p>
          <Button
            type="button"
            size="md"
            variant="secondary"
            className="self-start"
            onClick={() => setConfirming(true)}
          >
            {t('welcome.ui.earlierButton', { count })}
          </Button>
        </>
      )}
      {failure && (
        <Alert tone="error" focus>
          {failure}
        </Alert>
      )}
      {confirming && (
        <ConfirmDialog
          text={t('welcome.ui.earlierConfirm', { count })}
          confirmLabel={t('welcome.ui.earlierConfirmLabel')}
          cancelLabel={t('campaigns.ui.editor.cancel')}
          onConfirm={async () => {
            const result = await includeEarlierSubscribers(count)
            setConfirming(false)
            setFailure(result.ok ? undefined : result.message || t('welcome.ui.actionFailed'))
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  )
}
