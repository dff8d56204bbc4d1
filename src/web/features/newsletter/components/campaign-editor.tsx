import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { dateLocale, type Language, LANGUAGE_CODES } from '#shared/languages.ts'
import {
  campaignDraftSchema,
  EVERYONE,
  readinessIssues,
  type CampaignAudience,
  type CampaignContent,
  type CampaignDraft,
  type CampaignIssue,
} from '#shared/schemas/campaigns.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  createCampaign,
  deleteCampaign,
  sendCampaign,
  sendCampaignTest,
  unscheduleCampaign,
  updateCampaign,
  type Campaign,
} from '../api/campaigns-api.ts'
import { languageName } from '#web/lib/language-names.ts'
import { CampaignAudienceField } from './campaign-audience-field.tsx'
import { LanguageTabs } from '#web/components/ui/language-tabs.tsx'
import { CampaignPreview } from './campaign-preview.tsx'
import {
  useDescribeVersionTab,
  VersionFields,
  versionTabStates,
} from './campaign-version-fields.tsx'
import { CampaignPage, campaignCard as card } from './campaign-page.tsx'

interface Values {
  content: Record<Language, CampaignContent>
  audience: CampaignAudience
}
/** Field errors by the server's dotted paths: `content.hu.subject`, `audience.languages`… */
type Errors = Record<string, string>
type Place = 'save' | 'send'
type Action = 'save' | 'test' | 'send' | 'schedule' | 'unschedule'

const valuesOf = (campaign: Campaign | null): Values => ({
  content: Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        subject: campaign?.content[language]?.subject ?? '',
        body: campaign?.content[language]?.body ?? '',
      },
    ]),
  ) as Values['content'],
  audience: campaign
    ? {
        languages: campaign.audience.languages,
        membership: campaign.audience.membership,
        attendance: campaign.audience.attendance,
        months: campaign.audience.months,
        seriesId: campaign.audience.seriesId,
      }
    : EVERYONE,
})

const draftOf = ({ content, audience }: Values): CampaignDraft => ({
  content: { hu: content.hu, en: content.en, es: content.es, de: content.de },
  audience,
})

/** What the server would store, to tell whether the screen differs from the saved draft. */
const fingerprint = (values: Values) => {
  const parsed = campaignDraftSchema.safeParse(draftOf(values))
  return JSON.stringify(parsed.success ? parsed.data : draftOf(values))
}

/** 2026-11-24T09:00 in the admin's own time zone, as a datetime-local input wants it. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/**
 * A draft campaign: its four language versions, its audience, and from here a test, the
 * preview, sending now or at a set time. A scheduled campaign shows the same, read-only, with
 * its time and the way back to a draft. `onChange` hears every new state the server confirms.
 */
export function CampaignEditor({
  initial,
  onChange,
}: {
  initial: Campaign | null
  onChange: (campaign: Campaign) => void
}) {
  const { t, i18n } = useTranslation('newsletter')
  const [, navigate] = useLocation()
  const [campaign, setCampaign] = useState(initial)
  const [values, setValues] = useState(() => valuesOf(initial))
  const [saved, setSaved] = useState(() => (initial ? fingerprint(valuesOf(initial)) : null))
  const [tab, setTab] = useState<Language>('hu')
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<{ place: Place; tone: 'error' | 'success'; text: string }>()
  const [pending, setPending] = useState<Action | null>(null)
  const [confirming, setConfirming] = useState<'send' | 'delete' | null>(null)
  const [scheduleAt, setScheduleAt] = useState('')
  const [previewing, setPreviewing] = useState(false)

  const savedSubject = campaign?.content.hu?.subject.trim() ?? ''
  const title = savedSubject || t('campaigns.ui.editor.newTitle')

  const dirty = saved !== fingerprint(values)
  // Closing or reloading the tab with unsaved text: the browser asks first.
  const unsaved =
    dirty && (campaign !== null || fingerprint(values) !== fingerprint(valuesOf(null)))
  useEffect(() => {
    if (!unsaved) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [unsaved])
  const locked = campaign !== null && campaign.status !== 'draft'
  const scheduled = campaign?.status === 'scheduled'
  // Scheduled here: the button she pressed is gone with its card, and the campaign's new state
  // (its time, at the top) takes focus and comes into view. Unscheduling answers with a notice.
  const scheduledHere = useRef(false)
  const scheduledPanel = useRef<HTMLElement>(null)
  const scheduledTime = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (!scheduled || !scheduledHere.current) return
    scheduledHere.current = false
    scheduledTime.current?.focus({ preventScroll: true })
    scheduledPanel.current?.scrollIntoView({ block: 'nearest' })
  }, [scheduled])
  const version = values.content[tab]
  const time = new Intl.DateTimeFormat(dateLocale(i18n.language), { timeStyle: 'short' })
  const dateTime = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: 'full',
    timeStyle: 'short',
  })

  const setVersion = (part: keyof CampaignContent, text: string) => {
    setValues((current) => ({
      ...current,
      content: { ...current.content, [tab]: { ...current.content[tab], [part]: text } },
    }))
    clearError(`content.${tab}.${part}`)
  }
  function clearError(path: string) {
    if (!errors[path]) return
    const rest = Object.fromEntries(Object.entries(errors).filter(([key]) => key !== path))
    setErrors(rest)
    // The last marked field fixed: the "fix the marked fields" notice has done its job.
    if (Object.keys(rest).length === 0 && notice?.tone === 'error') setNotice(undefined)
  }

  const tabStates = versionTabStates(values.content, errors)
  const describeTab = useDescribeVersionTab()

  /** Shows field errors, and opens the first language that has one. */
  function showErrors(
    found: Errors,
    place: Place,
    text: string | null = t('campaigns.ui.editor.fixErrors'),
  ) {
    setErrors(found)
    setNotice(text === null ? undefined : { place, tone: 'error', text })
    const first = LANGUAGE_CODES.find((language) =>
      Object.keys(found).some((path) => path.startsWith(`content.${language}.`)),
    )
    if (first && !Object.keys(found).some((path) => path.startsWith(`content.${tab}.`)))
      setTab(first)
  }
  const fieldsOf = (issues: CampaignIssue[] | { path: PropertyKey[]; message: string }[]) => {
    const found: Errors = {}
    for (const issue of issues)
      found[issue.path.join('.')] ??= t(issue.message as CampaignIssue['message'])
    return found
  }
  function showFailure(result: ApiResult<unknown> & { ok: false }, place: Place, fallback: string) {
    const found: Errors = { ...result.fields }
    if (result.code === 'no_audience') found['audience.languages'] = result.message
    // A message already shown at its field is not said twice.
    const atField = result.message !== '' && Object.values(found).includes(result.message)
    showErrors(found, place, atField ? null : result.message || fallback)
  }

  async function run(action: Action, work: () => Promise<void>) {
    setPending(action)
    setNotice(undefined)
    try {
      await work()
    } finally {
      setPending(null)
    }
  }

  /** Saves what is on the screen; the saved campaign, or null (its errors shown). */
  async function save(place: Place): Promise<Campaign | null> {
    const parsed = campaignDraftSchema.safeParse(draftOf(values))
    if (!parsed.success) {
      showErrors(fieldsOf(parsed.error.issues), place)
      return null
    }
    const result = campaign
      ? await updateCampaign(campaign.id, parsed.data)
      : await createCampaign(parsed.data)
    if (!result.ok) {
      showFailure(result, place, t('campaigns.ui.editor.saveFailed'))
      return null
    }
    setErrors({})
    setCampaign(result.data)
    setSaved(fingerprint(values))
    onChange(result.data)
    if (!campaign) navigate(`/admin/newsletter/campaigns/${result.data.id}`, { replace: true })
    return result.data
  }

  /** Checks what sending needs (as the server will), then saves unsaved changes first. */
  async function readyToGo(place: Place, extra: Errors = {}): Promise<Campaign | null> {
    const found = { ...fieldsOf(readinessIssues(draftOf(values))), ...extra }
    if (Object.keys(found).length > 0) {
      showErrors(found, place)
      return null
    }
    setErrors({})
    return dirty || !campaign ? save(place) : campaign
  }

  const sendTest = () =>
    run('test', async () => {
      const ready = await readyToGo('save')
      if (!ready) return
      const result = await sendCampaignTest(ready.id, tab)
      setNotice(
        result.ok
          ? {
              place: 'save',
              tone: 'success',
              text: t('campaigns.ui.editor.testSent', { email: result.data.sentTo }),
            }
          : {
              place: 'save',
              tone: 'error',
              text: result.message || t('campaigns.ui.editor.testFailed'),
            },
      )
    })

  const askToSend = () =>
    run('send', async () => {
      const ready = await readyToGo('send')
      if (!ready) return
      if (ready.audienceEstimate === 0) {
        showErrors(
          { 'audience.languages': t('campaigns.validation.audienceEmpty') },
          'send',
          t('campaigns.validation.audienceEmpty'),
        )
        return
      }
      setConfirming('send')
    })

  async function sendNow() {
    if (!campaign) return
    const result = await sendCampaign(campaign.id)
    setConfirming(null)
    if (result.ok) onChange(result.data)
    else showFailure(result, 'send', t('campaigns.ui.editor.actionFailed'))
  }

  const schedule = () =>
    run('schedule', async () => {
      const at = scheduleAt ? new Date(scheduleAt) : null
      const ready = await readyToGo(
        'send',
        at && !Number.isNaN(at.getTime())
          ? {}
          : { scheduledAt: t('campaigns.ui.editor.scheduleMissing') },
      )
      if (!ready || !at) return
      const result = await sendCampaign(ready.id, at.toISOString())
      if (!result.ok) {
        showFailure(result, 'send', t('campaigns.ui.editor.actionFailed'))
        return
      }
      scheduledHere.current = true
      setCampaign(result.data)
      onChange(result.data)
    })

  const unschedule = () =>
    run('unschedule', async () => {
      if (!campaign) return
      const result = await unscheduleCampaign(campaign.id)
      if (!result.ok) {
        showFailure(result, 'send', t('campaigns.ui.editor.actionFailed'))
        return
      }
      // The answer, focused, in the sending card that is back (the notice takes focus).
      setNotice({ place: 'send', tone: 'success', text: t('campaigns.ui.editor.unscheduled') })
      setCampaign(result.data)
      onChange(result.data)
    })

  async function remove() {
    if (!campaign) return
    const result = await deleteCampaign(campaign.id)
    if (result.ok) {
      navigate('/admin/newsletter/campaigns')
      return
    }
    setConfirming(null)
    showFailure(result, 'send', t('campaigns.ui.editor.actionFailed'))
  }

  const noticeAt = (place: Place): ReactNode =>
    notice?.place === place && (
      // The answer to the button she pressed (saved, test sent, what to fix) takes focus.
      <Alert tone={notice.tone} focus>
        {notice.text}
      </Alert>
    )
  const busy = pending !== null

  return (
    <CampaignPage title={title} status={campaign?.status}>
      {scheduled && campaign.scheduledAt && (
        <section
          ref={scheduledPanel}
          aria-label={t('campaigns.ui.editor.sendTitle')}
          className="mt-6 flex flex-col gap-4 rounded-3xl bg-gold/15 p-5 ring-1 ring-gold/40 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            {/* Where she is after scheduling, not a control: no ring, as for a focused heading. */}
            <p
              ref={scheduledTime}
              tabIndex={-1}
              className="font-semibold outline-none"
              data-testid="campaign-scheduled"
            >
              {t('campaigns.ui.editor.scheduledFor', {
                time: dateTime.format(new Date(campaign.scheduledAt)),
              })}
            </p>
            <p className="mt-1 text-sm text-ink-soft">{t('campaigns.ui.editor.scheduledNote')}</p>
          </div>
          <Button
            type="button"
            variant="secondary"
            size="md"
            className="shrink-0"
            pending={pending === 'unschedule'}
            disabled={busy}
            onClick={unschedule}
          >
            {t('campaigns.ui.editor.unschedule')}
          </Button>
          {noticeAt('send')}
        </section>
      )}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section className={card} aria-label={t('campaigns.ui.editor.versions')}>
          <LanguageTabs
            label={t('campaigns.ui.editor.versions')}
            selected={tab}
            onSelect={setTab}
            states={tabStates}
            describe={describeTab}
          >
            <fieldset disabled={locked} className="flex min-w-0 flex-col gap-5">
              <legend className="sr-only">{languageName(tab, i18n.language)}</legend>
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-ink-soft">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tab === 'hu' ? 'bg-blush text-rose-deep' : 'bg-sand text-ink-soft'}`}
                >
                  {t(
                    tab === 'hu' ? 'campaigns.ui.editor.required' : 'campaigns.ui.editor.optional',
                  )}
                </span>
                {tab !== 'hu' && <span>{t('campaigns.ui.editor.fallbackNote')}</span>}
              </p>
              <VersionFields
                tab={tab}
                version={version}
                errors={errors}
                onChange={setVersion}
                rows={14}
                bodyClassName="min-h-64"
              />
            </fieldset>
            <div className="mt-6 border-t border-ink/10 pt-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-display text-xl font-semibold">
                    {previewing
                      ? t('campaigns.ui.editor.previewTitle', {
                          language: languageName(tab, i18n.language),
                        })
                      : t('campaigns.ui.editor.preview')}
                  </h2>
                  {!previewing && (
                    <p className="mt-1 text-sm text-ink-soft">
                      {t('campaigns.ui.editor.previewIntro')}
                    </p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-expanded={previewing}
                  onClick={() => setPreviewing(!previewing)}
                >
                  {previewing
                    ? t('campaigns.ui.editor.previewClose')
                    : t('campaigns.ui.editor.previewOpen')}
                </Button>
              </div>
              {previewing && (
                <div className="mt-4">
                  <CampaignPreview language={tab} subject={version.subject} body={version.body} />
                </div>
              )}
            </div>
          </LanguageTabs>
        </section>

        <aside className="flex flex-col gap-6">
          <section className={card}>
            {/* min-w-0: a fieldset is as wide as its widest choice otherwise (a long option). */}
            <fieldset disabled={locked} className="min-w-0">
              <CampaignAudienceField
                audience={values.audience}
                onChange={(audience, changed) => {
                  setValues((current) => ({ ...current, audience }))
                  clearError('audience.languages')
                  if (changed) clearError(`audience.${changed}`)
                }}
                errors={errors}
              />
            </fieldset>
          </section>

          <section
            className={`${card} flex flex-col gap-4`}
            aria-label={t('campaigns.ui.editor.save')}
          >
            <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
              <span
                aria-hidden="true"
                className={`size-2 rounded-full ${dirty || !campaign ? 'bg-gold' : 'bg-sage-deep'}`}
              />
              {!campaign
                ? t('campaigns.ui.editor.notSavedYet')
                : dirty
                  ? t('campaigns.ui.editor.unsaved')
                  : t('campaigns.ui.editor.saved', {
                      time: time.format(new Date(campaign.updatedAt)),
                    })}
            </p>
            {!locked && (
              <Button
                type="button"
                variant="secondary"
                size="md"
                pending={pending === 'save'}
                pendingLabel={t('campaigns.ui.editor.saving')}
                disabled={busy || (campaign !== null && !dirty)}
                onClick={() => run('save', async () => void (await save('save')))}
              >
                {t('campaigns.ui.editor.save')}
              </Button>
            )}
            <div className="flex flex-col gap-2">
              <Button
                type="button"
                variant="secondary"
                size="md"
                pending={pending === 'test'}
                pendingLabel={t('campaigns.ui.editor.testing')}
                disabled={busy}
                onClick={sendTest}
              >
                {t('campaigns.ui.editor.test')}
              </Button>
              <p className="text-sm text-ink-soft">{t('campaigns.ui.editor.testHint')}</p>
            </div>
            {noticeAt('save')}
          </section>

          {!scheduled && (
            <section
              className={`${card} flex flex-col gap-4`}
              aria-labelledby="campaign-send-heading"
            >
              <h2 id="campaign-send-heading" className="font-display text-xl font-semibold">
                {t('campaigns.ui.editor.sendTitle')}
              </h2>
              <Button
                type="button"
                size="md"
                pending={pending === 'send'}
                pendingLabel={t('campaigns.ui.editor.sending')}
                disabled={busy}
                onClick={askToSend}
              >
                {t('campaigns.ui.editor.sendNow')}
              </Button>
              <div className="flex flex-col gap-3 border-t border-ink/10 pt-4">
                <TextField
                  label={t('campaigns.ui.editor.scheduleAt')}
                  type="datetime-local"
                  value={scheduleAt}
                  min={localInput(new Date())}
                  onChange={(event) => {
                    setScheduleAt(event.target.value)
                    clearError('scheduledAt')
                  }}
                  error={errors.scheduledAt}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="md"
                  pending={pending === 'schedule'}
                  pendingLabel={t('campaigns.ui.editor.scheduling')}
                  disabled={busy}
                  onClick={schedule}
                >
                  {t('campaigns.ui.editor.schedule')}
                </Button>
              </div>
              {noticeAt('send')}
            </section>
          )}

          {campaign?.status === 'draft' && (
            <Button
              type="button"
              variant="quiet"
              size="sm"
              className="self-center"
              disabled={busy}
              onClick={() => setConfirming('delete')}
            >
              {t('campaigns.ui.editor.delete')}
            </Button>
          )}
        </aside>
      </div>

      {confirming === 'send' && campaign && (
        <ConfirmDialog
          text={t('campaigns.ui.editor.confirmSend', {
            count: campaign.audienceEstimate ?? 0,
            subject: savedSubject,
          })}
          confirmLabel={t('campaigns.ui.editor.confirmSendLabel')}
          cancelLabel={t('campaigns.ui.editor.cancel')}
          onConfirm={sendNow}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'delete' && campaign && (
        <ConfirmDialog
          text={t('campaigns.ui.editor.confirmDelete', {
            subject: savedSubject || t('campaigns.ui.list.untitled'),
          })}
          confirmLabel={t('campaigns.ui.editor.delete')}
          cancelLabel={t('campaigns.ui.editor.cancel')}
          onConfirm={remove}
          onCancel={() => setConfirming(null)}
        />
      )}
    </CampaignPage>
  )
}
