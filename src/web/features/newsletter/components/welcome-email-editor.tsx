import { useState } from 'react'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { EVERYONE, readinessIssues, type CampaignContent } from '#shared/schemas/campaigns.ts'
import { WELCOME_DELAY_MAX_DAYS, welcomeEmailDraftSchema } from '#shared/schemas/welcome-series.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LanguageTabs } from '#web/components/ui/language-tabs.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { languageName } from '#web/lib/language-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  removeWelcomeEmail,
  saveWelcomeEmail,
  sendWelcomeTest,
  type WelcomeEmail,
} from '../api/welcome-api.ts'
import { campaignCard as card } from './campaign-page.tsx'
import { CampaignPreview } from './campaign-preview.tsx'
import {
  useDescribeVersionTab,
  VersionFields,
  versionTabStates,
} from './campaign-version-fields.tsx'

type Errors = Record<string, string>
type Action = 'save' | 'test'

const contentOf = (email: WelcomeEmail | null) =>
  Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        subject: email?.content[language]?.subject ?? '',
        body: email?.content[language]?.body ?? '',
      },
    ]),
  ) as Record<Language, CampaignContent>

/**
 * One welcome e-mail, written like a campaign: its four language versions (the check of each),
 * the preview, a test to herself, and its delay after her confirmation.
 */
export function WelcomeEmailEditor({
  position,
  email,
  onClose,
}: {
  position: number
  email: WelcomeEmail | null
  onClose: () => void
}) {
  const { t, i18n } = useTranslation('newsletter')
  const [content, setContent] = useState(() => contentOf(email))
  const [delay, setDelay] = useState(String(email?.delayDays ?? (position === 1 ? 0 : 3)))
  const [tab, setTab] = useState<Language>('hu')
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string }>()
  const [pending, setPending] = useState<Action | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [removing, setRemoving] = useState(false)
  const version = content[tab]

  const draft = () => ({
    delayDays: delay.trim() === '' ? Number.NaN : Number(delay),
    content: { hu: content.hu, en: content.en, es: content.es, de: content.de },
  })
  const tabStates = versionTabStates(content, errors)
  const describeTab = useDescribeVersionTab()

  function showErrors(found: Errors) {
    setErrors(found)
    setNotice({ tone: 'error', text: t('campaigns.ui.editor.fixErrors') })
    const first = LANGUAGE_CODES.find((language) =>
      Object.keys(found).some((path) => path.startsWith(`content.${language}.`)),
    )
    if (first) setTab(first)
  }

  /** Checks it as the server will (the four languages too), then saves; true when saved. */
  async function save(): Promise<boolean> {
    const parsed = welcomeEmailDraftSchema.safeParse(draft())
    const found: Errors = {}
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        found[issue.path.join('.')] ??= t(issue.message as 'welcome.validation.delayInvalid')
    for (const issue of readinessIssues({ ...draft(), audience: EVERYONE }))
      found[issue.path.join('.')] ??= t(issue.message)
    if (!parsed.success || Object.keys(found).length > 0) {
      showErrors(found)
      return false
    }
    const result = await saveWelcomeEmail(position, parsed.data)
    if (!result.ok) {
      setErrors(result.fields ?? {})
      setNotice({ tone: 'error', text: result.message || t('campaigns.ui.editor.saveFailed') })
      return false
    }
    setErrors({})
    return true
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

  const busy = pending !== null
  const setVersion = (part: keyof CampaignContent, text: string) =>
    setContent((current) => ({ ...current, [tab]: { ...current[tab], [part]: text } }))

  return (
    <section className={card} aria-labelledby={`welcome-editor-${position}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`welcome-editor-${position}`} className="font-display text-xl font-semibold">
          {t('welcome.ui.email', { position })}
        </h2>
        <Button type="button" variant="quiet" size="sm" disabled={busy} onClick={onClose}>
          {t('welcome.ui.close')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-ink-soft">{t('welcome.ui.editNote')}</p>
      <div className="mt-5 max-w-xs">
        <TextField
          label={t('welcome.ui.delay')}
          hint={t('welcome.ui.delayHint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={WELCOME_DELAY_MAX_DAYS}
          value={delay}
          onChange={(event) => setDelay(event.target.value)}
          error={errors.delayDays}
        />
      </div>
      <div className="mt-6">
        <LanguageTabs
          label={t('campaigns.ui.editor.versions')}
          selected={tab}
          onSelect={setTab}
          states={tabStates}
          describe={describeTab}
        >
          <fieldset className="flex min-w-0 flex-col gap-5">
            <legend className="sr-only">{languageName(tab, i18n.language)}</legend>
            {tab !== 'hu' && (
              <p className="text-sm text-ink-soft">{t('campaigns.ui.editor.fallbackNote')}</p>
            )}
            <VersionFields
              tab={tab}
              version={version}
              errors={errors}
              onChange={setVersion}
              rows={10}
            />
          </fieldset>
          <div className="mt-6 border-t border-ink/10 pt-6">
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
            {previewing && (
              <div className="mt-4">
                <CampaignPreview
                  language={tab}
                  subject={version.subject}
                  body={version.body}
                  webVersion={false}
                />
              </div>
            )}
          </div>
        </LanguageTabs>
      </div>
      <div className="mt-6 flex flex-col gap-3 border-t border-ink/10 pt-6 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          size="md"
          pending={pending === 'save'}
          pendingLabel={t('campaigns.ui.editor.saving')}
          disabled={busy}
          onClick={() =>
            run('save', async () => {
              if (await save())
                setNotice({ tone: 'success', text: t('welcome.ui.saved', { position }) })
            })
          }
        >
          {t('welcome.ui.save')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="md"
          pending={pending === 'test'}
          pendingLabel={t('campaigns.ui.editor.testing')}
          disabled={busy}
          onClick={() =>
            run('test', async () => {
              if (!(await save())) return
              const result = await sendWelcomeTest(position, tab)
              setNotice(
                result.ok
                  ? {
                      tone: 'success',
                      text: t('campaigns.ui.editor.testSent', { email: result.data.sentTo }),
                    }
                  : { tone: 'error', text: result.message || t('campaigns.ui.editor.testFailed') },
              )
            })
          }
        >
          {t('campaigns.ui.editor.test')}
        </Button>
        {email && (
          <Button
            type="button"
            variant="quiet"
            size="md"
            disabled={busy}
            onClick={() => setRemoving(true)}
          >
            {t('welcome.ui.remove')}
          </Button>
        )}
      </div>
      <p className="mt-2 text-sm text-ink-soft">{t('campaigns.ui.editor.testHint')}</p>
      {notice && (
        <div className="mt-4">
          <Alert tone={notice.tone} focus>
            {notice.text}
          </Alert>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          text={t('welcome.ui.confirmRemove', { position })}
          confirmLabel={t('welcome.ui.remove')}
          cancelLabel={t('campaigns.ui.editor.cancel')}
          onConfirm={async () => {
            const result = await removeWelcomeEmail(position)
            setRemoving(false)
            if (result.ok) onClose()
            else setNotice({ tone: 'error', text: result.message || t('welcome.ui.actionFailed') })
          }}
          onCancel={() => setRemoving(false)}
        />
      )}
    </section>
  )
}
