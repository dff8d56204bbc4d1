import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { dateLocale } from '#shared/languages.ts'
import {
  LAUNCH_PRECISIONS,
  SEASONS,
  launchText,
  parseLaunchDate,
  type LaunchPrecision,
  type LaunchT,
  type Season,
} from '#shared/launch.ts'
import {
  SITE_SETTING_FIELDS,
  siteSettingsInputSchema,
  type SiteSettingField,
  type SiteSettingsInput,
  type SiteSettingsView,
} from '#shared/schemas/site-settings.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { SettingsCard } from '#web/components/ui/settings-card.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { providePublicConfig } from '#web/lib/public-config.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { saveSettings, settingsQuery, type SettingsPageData } from '../api/admin-api.ts'
import { launchDateLabel } from '../launch-date-text.ts'

type Texts = Record<SiteSettingField, string>
type Errors = Partial<Record<SiteSettingField, string>>

/**
 * The launch date as the form holds it while she edits: the choice of precision and each
 * control's text, `precision|year|season|month|day`; empty: the default.
 */
interface LaunchDraft {
  precision: LaunchPrecision
  year: string
  season: Season
  month: string
  day: string
}
const draftText = (draft: LaunchDraft) =>
  [draft.precision, draft.year, draft.season, draft.month, draft.day].join('|')
function draftOf(text: string): LaunchDraft | null {
  if (text === '') return null
  const [precision = 'year', year = '', season = 'spring', month = '', day = ''] = text.split('|')
  return {
    precision: precision as LaunchPrecision,
    year,
    season: season as Season,
    month,
    day,
  }
}
/** A stored value (`2027-03`) as the form's draft. */
function draftOfValue(value: string): string {
  const date = parseLaunchDate(value)
  if (!date) return ''
  return draftText({
    precision: date.precision,
    year: 'year' in date ? String(date.year) : '',
    season: date.precision === 'season' ? date.season : 'spring',
    month: 'month' in date ? String(date.month) : '',
    day: date.precision === 'day' ? String(date.day) : '',
  })
}
/** The value a draft saves: `2027-03`; one the server refuses when a part is missing. */
function valueOfDraft(draft: LaunchDraft): string {
  const year = draft.year.trim()
  const two = (text: string) => text.trim().padStart(2, '0')
  switch (draft.precision) {
    case 'none':
      return 'none'
    case 'year':
      return year
    case 'season':
      return `${year}-${draft.season}`
    case 'month':
      return `${year}-${two(draft.month)}`
    case 'day':
      return `${year}-${two(draft.month)}-${two(draft.day)}`
  }
}

/** What the form shows: her own value, or nothing where the default applies. */
const textsOf = (site: SiteSettingsView): Texts =>
  Object.fromEntries(
    SITE_SETTING_FIELDS.map((field) => {
      if (!site[field].custom) return [field, '']
      const value = String(site[field].value)
      return [field, field === 'launchDate' ? draftOfValue(value) : value]
    }),
  ) as Texts

/** The fields she changed: a cleared field goes back to its default (null). */
function changesOf(site: SiteSettingsView, saved: Texts, texts: Texts): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const field of SITE_SETTING_FIELDS) {
    if (site[field].locked || texts[field].trim() === saved[field].trim()) continue
    const text = texts[field].trim()
    const draft = field === 'launchDate' ? draftOf(text) : null
    changes[field] =
      text === ''
        ? null
        : draft
          ? valueOfDraft(draft)
          : (field === 'footerYear' || field === 'seatingMemoryMonths') && /^\d+$/.test(text)
            ? Number(text)
            : text
  }
  return changes
}

/**
 * /admin/settings: what the owner changes herself (contact, links, sender name, launch line,
 * footer year), applied at once on the whole site; below, the server's own configuration, for
 * whoever runs it.
 */
export function SettingsPanel() {
  const { t } = useTranslation(['admin', 'errors'])
  useDocumentTitle(`${t('adminSettings.title')} – Lendület`)
  const { data, error: failure } = useQuery(settingsQuery())
  const error = failure ? failure.message : null
  return (
    <div className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
      <BackLink href="/admin">{t('adminSettings.back')}</BackLink>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {t('adminSettings.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('adminSettings.intro')}</p>
      {error !== null && (
        <div className="mt-6">
          <Alert tone="error">{error || t('adminSettings.loadFailed')}</Alert>
        </div>
      )}
      {!data && error === null && <PageSpinner />}
      {data && (
        <>
          <SiteSettingsForm initial={data} />
          <OperatorFacts operator={data.operator} />
        </>
      )}
    </div>
  )
}

function SiteSettingsForm({ initial }: { initial: SettingsPageData }) {
  const { t } = useTranslation(['admin', 'errors'])
  const [site, setSite] = useState(initial.site)
  const [saved, setSaved] = useState(() => textsOf(initial.site))
  const [texts, setTexts] = useState(saved)
  /** What a field held when she chose its default: Undo puts it back. */
  const [beforeReset, setBeforeReset] = useState<Partial<Texts>>({})
  const [errors, setErrors] = useState<Errors>({})
  const [pending, setPending] = useState(false)
  const [launchPassed, setLaunchPassed] = useState(initial.public.launch.passed)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const formRef = useFocusFirstInvalid(errors)
  const changes = changesOf(site, saved, texts)
  const changed = Object.keys(changes).length > 0

  async function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (!changed) {
      setOutcome({ tone: 'success', text: t('adminSettings.nothingChanged') })
      return
    }
    const parsed = siteSettingsInputSchema.safeParse(changes)
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as SiteSettingField
        found[field] ??= t(`errors:siteSettings.${issue.message}` as 'errors:siteSettings.locked')
      }
      setErrors(found)
      return
    }
    setErrors({})
    setPending(true)
    const result = await saveSettings(parsed.data as SiteSettingsInput)
    setPending(false)
    if (!result.ok) {
      setErrors((result.fields ?? {}) as Errors)
      setOutcome({ tone: 'error', text: result.message || t('adminSettings.saveFailed') })
      return
    }
    const next = textsOf(result.data.site)
    setSite(result.data.site)
    setSaved(next)
    setTexts(next)
    setBeforeReset({})
    setLaunchPassed(result.data.public.launch.passed)
    // This tab's pages show the new values too, without a reload.
    providePublicConfig(result.data.public)
    setOutcome({ tone: 'success', text: t('adminSettings.saved') })
  }

  const setText = (name: SiteSettingField, value: string) =>
    setTexts((current) => ({ ...current, [name]: value }))
  const field = (name: SiteSettingField, label: string, options: FieldOptions = {}) => (
    <SettingField
      key={name}
      name={name}
      label={label}
      view={site[name]}
      text={texts[name]}
      error={errors[name]}
      onChange={(value) => setText(name, value)}
      onUseDefault={() => {
        setBeforeReset((current) => ({ ...current, [name]: texts[name] }))
        setText(name, '')
      }}
      onUndo={() => {
        setText(name, beforeReset[name] ?? saved[name])
        setBeforeReset(({ [name]: _, ...rest }) => rest)
      }}
      {...options}
    />
  )
  const senderName = site.mailSenderName
  const shownSender = senderName.locked
    ? String(senderName.value)
    : texts.mailSenderName.trim() || String(senderName.default)

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-8 flex flex-col gap-6">
      <SettingsCard
        title={t('adminSettings.contactTitle')}
        description={t('adminSettings.contactIntro')}
      >
        {field('contactEmail', t('adminSettings.contactEmail'), {
          type: 'email',
          autoComplete: 'email',
        })}
        {field('mailSenderName', t('adminSettings.senderName'), {
          hint: t('adminSettings.senderNameHint', { address: initial.operator.mailAddress }),
          preview: <SenderPreview name={shownSender} address={initial.operator.mailAddress} />,
        })}
      </SettingsCard>
      <SettingsCard title={t('adminSettings.links')} description={t('adminSettings.linksIntro')}>
        {field('officialSiteUrl', t('adminSettings.officialSite'), { type: 'url' })}
        {field('instagramUrl', t('adminSettings.instagram'), { type: 'url' })}
        {field('appStoreUrl', t('adminSettings.appStore'), {
          type: 'url',
          hint: t('adminSettings.storeHint'),
        })}
        {field('googlePlayUrl', t('adminSettings.googlePlay'), {
          type: 'url',
          hint: t('adminSettings.storeHint'),
        })}
      </SettingsCard>
      <SettingsCard
        title={t('adminSettings.landingTitle')}
        description={t('adminSettings.launchIntro')}
      >
        <LaunchField
          view={site.launchDate}
          text={texts.launchDate}
          error={errors.launchDate}
          passed={launchPassed && texts.launchDate === saved.launchDate}
          onChange={(value) => setText('launchDate', value)}
          onUseDefault={() => {
            setBeforeReset((current) => ({ ...current, launchDate: texts.launchDate }))
            setText('launchDate', '')
          }}
          onUndo={() => {
            setText('launchDate', beforeReset.launchDate ?? saved.launchDate)
            setBeforeReset(({ launchDate: _, ...rest }) => rest)
          }}
        />
        {field('footerYear', t('adminSettings.footerYear'), {
          inputMode: 'numeric',
          hint: t('adminSettings.footerYearHint', { year: site.footerYear.default }),
        })}
      </SettingsCard>
      <SettingsCard
        title={t('adminSettings.seatingTitle')}
        description={t('adminSettings.seatingIntro')}
      >
        {field('seatingMemoryMonths', t('adminSettings.seatingMemoryMonths'), {
          inputMode: 'numeric',
          hint: t('adminSettings.seatingMemoryMonthsHint'),
        })}
      </SettingsCard>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size="md"
          pending={pending}
          pendingLabel={t('adminSettings.saving')}
          className="self-start"
        >
          {t('adminSettings.save')}
        </Button>
        {changed && !pending && (
          <p className="text-sm text-ink-soft">{t('adminSettings.unsaved')}</p>
        )}
      </div>
      {/* The answer to her save, under the button, taking focus (on a phone it may be below the fold). */}
      {outcome && (
        <Alert tone={outcome.tone} focus>
          {outcome.text}
        </Alert>
      )}
    </form>
  )
}

interface FieldOptions {
  type?: 'email' | 'url'
  hint?: string
  lang?: string
  inputMode?: 'numeric'
  autoComplete?: string
  /** What her value will look like where it is used, under the field. */
  preview?: ReactNode
}

/**
 * The From line as her e-mails' recipients see it, with what she has typed so far (or the
 * default name): `Name <address>`.
 */
function SenderPreview({ name, address }: { name: string; address: string }) {
  const { t } = useTranslation('admin')
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 rounded-xl bg-sand/60 px-4 py-2 text-sm">
      <span className="text-ink-soft">{t('adminSettings.senderPreview')}</span>
      <span data-testid="sender-preview" className="font-medium [overflow-wrap:anywhere]">
        {name ? `${name} <${address}>` : address}
      </span>
    </p>
  )
}

/**
 * One setting: her value, or empty with the default shown beneath; a locked one is read-only
 * and says who set it.
 *
 * A value she has saved has its "back to the default" button, there from the page's load to the
 * next save: never one that appears as she types, which would become the next Tab stop before
 * the next field and take a space she meant for that field (and drop focus to the page as it
 * went). Pressing it only marks the field: it empties, says the default comes back when she
 * saves, and the same button, keeping focus, becomes Undo.
 */
function SettingField({
  name,
  label,
  view,
  text,
  error,
  onChange,
  onUseDefault,
  onUndo,
  type,
  hint,
  lang,
  inputMode,
  autoComplete,
  preview,
}: {
  name: SiteSettingField
  label: string
  view: SiteSettingsView[SiteSettingField]
  text: string
  error?: string
  onChange: (value: string) => void
  /** Marks the field to go back to its default at the next save. */
  onUseDefault: () => void
  /** Takes that back: the field holds what it held before. */
  onUndo: () => void
} & FieldOptions) {
  const { t } = useTranslation('admin')
  const fallback = String(view.default)
  const note = view.locked
    ? t('adminSettings.locked')
    : [hint, fallback && t('adminSettings.defaultIs', { value: fallback })]
        .filter(Boolean)
        .join(' ')
  // Her saved value, emptied (by the button or by hand): the save puts the default back.
  const goesBack = !view.locked && view.custom && text.trim() === ''
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        name={name}
        type={type ?? 'text'}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        spellCheck={type ? false : undefined}
        lang={lang}
        value={view.locked ? String(view.value) : text}
        placeholder={view.locked ? undefined : fallback}
        readOnly={view.locked}
        aria-readonly={view.locked || undefined}
        className={view.locked ? 'cursor-not-allowed bg-sand/50 text-ink-soft' : ''}
        hint={note}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      {preview}
      {!view.locked && view.custom && (
        <BackToDefault
          label={label}
          goesBack={goesBack}
          onUseDefault={onUseDefault}
          onUndo={onUndo}
        />
      )}
    </div>
  )
}

/**
 * A saved value's "back to the default": it marks the field (the note says the save brings the
 * default back) and, keeping focus, becomes Undo. Decision 50.
 */
function BackToDefault({
  label,
  goesBack,
  onUseDefault,
  onUndo,
}: {
  label: string
  goesBack: boolean
  onUseDefault: () => void
  onUndo: () => void
}) {
  const { t } = useTranslation('admin')
  return (
    <div className="flex flex-wrap items-center">
      {/* Always in the page, so that the note is announced when it appears. */}
      <p aria-live="polite" className={`text-sm font-medium ${goesBack ? 'mr-3' : ''}`}>
        {goesBack ? t('adminSettings.goesBackOnSave') : ''}
      </p>
      <button
        type="button"
        onClick={goesBack ? onUndo : onUseDefault}
        className="min-h-11 rounded-full px-1 text-sm font-semibold text-rose-deep underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-deep"
      >
        {goesBack ? t('adminSettings.undoUseDefault') : t('adminSettings.useDefault')}
        <span className="sr-only"> – {label}</span>
      </button>
    </div>
  )
}

/**
 * When the site opens, set once: how exactly (a year, a season, a month, a day, or no date yet),
 * then the year and the part of it. Her choice of precision shows the controls it needs (a
 * choice, not typing: typing never adds a Tab stop). Under it, the line above the landing page's
 * headline as it will read, in her language. Opened from the dashboard's warning
 * (/admin/settings#launch), it takes focus.
 */
function LaunchField({
  view,
  text,
  error,
  passed,
  onChange,
  onUseDefault,
  onUndo,
}: {
  view: SiteSettingsView['launchDate']
  text: string
  error?: string
  /** The saved time is over (the server's word), and she has not changed it here. */
  passed: boolean
  onChange: (text: string) => void
  onUseDefault: () => void
  onUndo: () => void
}) {
  const { t, i18n } = useTranslation(['admin', 'landing'])
  const select = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    if (window.location.hash !== '#launch' || !select.current) return
    select.current.focus()
    select.current.scrollIntoView({ block: 'center' })
  }, [])
  const fallback = String(view.default)
  const draft = draftOf(view.locked ? draftOfValue(String(view.value)) : text)
  const label = t('adminSettings.launchPrecision')
  const set = (change: Partial<LaunchDraft>) =>
    onChange(
      draftText({
        precision: 'year',
        year: '',
        season: 'spring',
        month: '',
        day: '',
        ...draft,
        ...change,
      }),
    )
  const goesBack = !view.locked && view.custom && text === ''
  const shown = draft ? valueOfDraft(draft) : fallback
  const preview = parseLaunchDate(shown)
    ? launchText(i18n.getFixedT(i18n.language) as unknown as LaunchT, i18n.language, 'badge', {
        date: shown,
        passed: false,
      })
    : null
  const monthName = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    month: 'long',
    timeZone: 'UTC',
  })
  const precision = draft?.precision ?? ''
  const showYear = precision !== '' && precision !== 'none'
  const disabled = view.locked

  return (
    <div className="flex flex-col gap-3">
      <SelectField
        ref={select}
        label={label}
        value={precision}
        disabled={disabled}
        error={error}
        onChange={(event) => {
          const next = event.target.value as LaunchPrecision | ''
          if (next === '') onChange('')
          else set({ precision: next })
        }}
        options={[
          {
            value: '',
            label: `${t('adminSettings.launchPrecisionDefault')} (${launchDateLabel(fallback, t, i18n.language) ?? fallback})`,
          },
          ...LAUNCH_PRECISIONS.map((value) => ({
            value,
            label: t(`adminSettings.launchPrecisions.${value}`),
          })),
        ]}
      />
      {showYear && draft && (
        <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_7rem]">
          <TextField
            label={t('adminSettings.launchYear')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={draft.year}
            disabled={disabled}
            onChange={(event) => set({ year: event.target.value })}
          />
          {precision === 'season' && (
            <SelectField
              label={t('adminSettings.launchSeason')}
              value={draft.season}
              disabled={disabled}
              onChange={(event) => set({ season: event.target.value as Season })}
              options={SEASONS.map((season) => ({
                value: season,
                label: t(`adminSettings.launchSeasons.${season}`),
              }))}
            />
          )}
          {(precision === 'month' || precision === 'day') && (
            <SelectField
              label={t('adminSettings.launchMonth')}
              value={draft.month}
              disabled={disabled}
              placeholder={t('adminSettings.launchMonthChoose')}
              onChange={(event) => set({ month: event.target.value })}
              options={Array.from({ length: 12 }, (_, index) => ({
                value: String(index + 1),
                label: monthName.format(Date.UTC(2000, index, 1)),
              }))}
            />
          )}
          {precision === 'day' && (
            <TextField
              label={t('adminSettings.launchDay')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              value={draft.day}
              disabled={disabled}
              onChange={(event) => set({ day: event.target.value })}
            />
          )}
        </div>
      )}
      <p className="text-sm text-ink-soft">
        {view.locked
          ? t('adminSettings.locked')
          : t('adminSettings.defaultIs', {
              value: launchDateLabel(fallback, t, i18n.language) ?? fallback,
            })}
      </p>
      {preview && (
        <p className="flex flex-wrap items-baseline gap-x-2 rounded-xl bg-sand/60 px-4 py-2 text-sm">
          <span className="text-ink-soft">{t('adminSettings.launchPreview')}</span>
          <span data-testid="launch-preview" className="font-medium">
            {preview}
          </span>
        </p>
      )}
      {passed && (
        <p className="rounded-xl bg-blush/70 px-4 py-2 text-sm font-medium text-ink">
          {t('adminSettings.launchPassed')}
        </p>
      )}
      {!view.locked && view.custom && (
        <BackToDefault
          label={t('adminSettings.launchWhen')}
          goesBack={goesBack}
          onUseDefault={onUseDefault}
          onUndo={onUndo}
        />
      )}
    </div>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[16rem_1fr] sm:gap-6">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-ink-soft [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

/** The server's configuration, for whoever runs it: it changes in the environment, not here. */
function OperatorFacts({ operator: s }: { operator: SettingsPageData['operator'] }) {
  const { t, i18n } = useTranslation('admin')
  return (
    <section aria-labelledby="operator-heading" className="mt-14">
      <h2 id="operator-heading" className="font-display text-2xl font-semibold">
        {t('adminSettings.operatorTitle')}
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-soft">{t('adminSettings.operatorIntro')}</p>
      <dl className="mt-4 divide-y divide-ink/5 rounded-3xl bg-white px-5 py-2 text-sm ring-1 ring-ink/5 sm:px-7">
        <Row label={t('adminSettings.publicUrl')}>{s.publicUrl}</Row>
        <Row label={t('adminSettings.email')}>
          {s.email.mode === 'smtp'
            ? t('adminSettings.emailSmtp', { host: s.email.host })
            : t('adminSettings.emailDevMailbox')}
        </Row>
        <Row label={t('adminSettings.mailFrom')}>{s.mailFrom}</Row>
        <Row label={t('adminSettings.googleSignIn')}>
          {s.googleSignIn ? t('adminSettings.on') : t('adminSettings.off')}
        </Row>
        <Row label={t('adminSettings.database')}>
          {s.database.mode === 'postgres'
            ? t('adminSettings.databasePostgres')
            : t('adminSettings.databasePglite', { dir: s.database.dataDir })}
        </Row>
        <Row label={t('adminSettings.adminEmails')}>
          {t('adminSettings.adminEmailsCount', { count: s.adminEmails })}
        </Row>
        <Row label={t('adminSettings.mixerTime')}>
          {t('adminSettings.mixerTimeValue', {
            seconds: new Intl.NumberFormat(i18n.language).format(s.mixerTimeMs / 1000),
          })}
        </Row>
        <Row label={t('adminSettings.privacyPolicy')}>{s.privacyPolicyUrl}</Row>
        <Row label={t('adminSettings.lockedSettings')}>
          {s.lockedSettings.length > 0 ? s.lockedSettings.join(', ') : t('adminSettings.none')}
        </Row>
      </dl>
    </section>
  )
}
