import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, queryClient } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { ActionError } from './action-error.tsx'
import { Panel } from './panel.tsx'

const link = api.admin.events[':id']['screen-link']
const linkQuery = (id: string) =>
  apiQuery(eventKeys.screenLink(id), () => callApi(() => link.$get({ param: { id } })))
const makeLink = (id: string) => callApi(() => link.$post({ param: { id } }))
const revokeLink = (id: string) => callApi(() => link.$delete({ param: { id } }))

interface Made {
  url: string
  code: string
}

/**
 * The host's big-screen link (decision 0066): a link and a short code that open this evening's
 * big screen on the projector's laptop without her password. They are shown once, when made;
 * a new one switches the old one off, and the end of the evening switches it off too.
 */
export function ScreenLinkPanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('events')
  const status = useQuery(linkQuery(eventId))
  const reload = () => queryClient.invalidateQueries({ queryKey: eventKeys.screenLink(eventId) })
  const [made, setMade] = useState<Made | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<'make' | 'revoke' | null>(null)
  const result = useRef<HTMLDivElement>(null)
  const makeButton = useRef<HTMLButtonElement>(null)

  /** The answer of an action takes focus, in view, so focus never falls to the page. */
  const focusSoon = (target: { current: HTMLElement | null }) =>
    requestAnimationFrame(() => {
      target.current?.focus()
      target.current?.scrollIntoView({ block: 'nearest' })
    })

  async function make() {
    setPending('make')
    const answer = await makeLink(eventId)
    setPending(null)
    if (!answer.ok) return setError(answer.message)
    setError(null)
    setNote(null)
    setMade({ url: `${window.location.origin}${answer.data.path}`, code: answer.data.code })
    await reload()
    focusSoon(result)
  }

  async function revoke() {
    setPending('revoke')
    const answer = await revokeLink(eventId)
    setPending(null)
    if (!answer.ok) return setError(answer.message)
    setError(null)
    setMade(null)
    setNote(t('screenLink.revoked'))
    await reload()
    focusSoon(makeButton)
  }

  const working = status.data?.working ?? false
  const since =
    status.data?.createdAt &&
    new Intl.DateTimeFormat(dateLocale(i18n.language), { timeStyle: 'short' }).format(
      new Date(status.data.createdAt),
    )
  const [first, second] = made?.code.split('-') ?? []

  return (
    <Panel id="screen-link-heading" title={t('screenLink.title')} intro={t('screenLink.intro')}>
      {made && (
        <div
          ref={result}
          tabIndex={-1}
          data-testid="screen-link-made"
          className="flex flex-col gap-5 rounded-2xl bg-cream/60 p-4 outline-none focus-visible:ring-2 focus-visible:ring-rose-deep sm:p-5"
        >
          <div>
            <p className="text-sm font-semibold text-ink-soft" id="screen-link-url-label">
              {t('screenLink.linkLabel')}
            </p>
            <div className="mt-1.5 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
              <code
                aria-labelledby="screen-link-url-label"
                className="w-full min-w-0 flex-1 rounded-xl bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-ink/10"
              >
                {made.url}
              </code>
              <CopyButton
                text={made.url}
                label={t('screenLink.copy')}
                copiedLabel={t('screenLink.copied')}
              />
            </div>
          </div>
          <div>
            <p className="text-sm font-semibold text-ink-soft">{t('screenLink.codeLabel')}</p>
            {/* Large, in two groups of four, to read out across the room. */}
            <p
              className="mt-1 font-mono text-4xl font-semibold tracking-[0.18em] sm:text-5xl"
              aria-label={made.code.split('').join(' ')}
              data-testid="screen-link-code"
            >
              <span>{first}</span>
              <span aria-hidden="true" className="px-1 text-ink-soft">
                -
              </span>
              <span>{second}</span>
            </p>
            <p className="mt-2 text-sm text-ink-soft">
              {t('screenLink.codeWhere', { address: `${window.location.host}/screen` })}
            </p>
          </div>
          <p className="text-sm text-ink-soft">{t('screenLink.shownOnce')}</p>
        </div>
      )}
      {!made && (
        <p className="text-ink-soft" role="status">
          {note ??
            (working ? t('screenLink.working', { time: since ?? '' }) : t('screenLink.none'))}
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          ref={makeButton}
          type="button"
          variant={working ? 'outline' : 'solid'}
          size="md"
          pending={pending === 'make'}
          onClick={() => void make()}
          aria-describedby={working ? 'screen-link-new-hint' : undefined}
        >
          {working ? t('screenLink.makeNew') : t('screenLink.make')}
        </Button>
        {working && (
          <Button
            type="button"
            variant="quiet"
            size="md"
            pending={pending === 'revoke'}
            onClick={() => void revoke()}
          >
            {t('screenLink.revoke')}
          </Button>
        )}
        {working && (
          <p id="screen-link-new-hint" className="text-sm text-ink-soft">
            {t('screenLink.makeNewHint')}
          </p>
        )}
      </div>
      <ActionError message={error} className="mt-4" />
    </Panel>
  )
}
