import { useState, type FormEvent } from 'react'
import {
  EVENT_TEXT_FIELDS,
  EVENT_TEXT_LIMITS,
  TRANSLATED_LANGUAGES,
  type EventTextField,
  type EventTexts,
  type EventTranslations,
  type TranslatedLanguage,
} from '#shared/event-texts.ts'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import { eventInputSchema, type EventInput } from '#shared/schemas/events.ts'
import { KLIKK_WINDOW_HOURS } from '#shared/schemas/klikk.ts'
import { CANCEL_DEADLINE_HOURS } from '#shared/place-offers.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { languageName } from '#web/lib/language-names.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LanguageTabs, type TabState } from '#web/components/ui/language-tabs.tsx'
import { TextAreaField } from '#web/components/ui/text-area-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { createEvent, updateEvent, uploadEventImage } from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'

/** Errors by field: `eventName`, or a language's text as `translations.en.eventName`. */
type Fields = Partial<Record<string, string>>
interface Existing extends Omit<EventInput, 'translations'> {
  id: string
  imageUrl: string | null
  translations: EventTranslations
}

/** Where a text's error is: the Hungarian is the event's own field, the others by language. */
const textPath = (language: Language, field: EventTextField) =>
  language === 'hu' ? field : `translations.${language}.${field}`

const emptyTexts = (): EventTexts => ({ eventName: '', description: '', placeName: '' })

/** 2026-11-21T18:00 in the admin's own time zone, as a datetime-local input wants it. */
function toLocalInput(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function nextEvening(): string {
  const date = new Date(Date.now() + 7 * 86_400_000)
  date.setHours(18, 0, 0, 0)
  return date.toISOString()
}

const checkboxClass = 'size-5 rounded border-ink/30 accent-rose-deep'

/** Create or edit an event: SPEC's fields, validated by the same schema as the server. */
export function EventEditor({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: Existing
  onSaved: (id: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('events')
  const [texts, setTexts] = useState<Record<Language, EventTexts>>(() => ({
    hu: {
      eventName: existing?.eventName ?? '',
      description: existing?.description ?? '',
      placeName: existing?.placeName ?? '',
    },
    ...(Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => [
        language,
        { ...emptyTexts(), ...existing?.translations[language] },
      ]),
    ) as Record<TranslatedLanguage, EventTexts>),
  }))
  const [tab, setTab] = useState<Language>('hu')
  const [values, setValues] = useState({
    startTime: toLocalInput(existing?.startTime ?? nextEvening()),
    address: existing?.address ?? '',
    duration: String(existing?.duration ?? 150),
    plannedRounds: String(existing?.plannedRounds ?? 4),
    klikkWindowHours: String(existing?.klikkWindowHours ?? KLIKK_WINDOW_HOURS.default),
    cancelDeadlineHours: String(existing?.cancelDeadlineHours ?? CANCEL_DEADLINE_HOURS.default),
    places: existing?.places == null ? '' : String(existing.places),
    isKlikk: existing?.isKlikk ?? true,
    hasRecordingAvailable: existing?.hasRecordingAvailable ?? false,
    autoSeatLateArrivals: existing?.autoSeatLateArrivals ?? true,
    friendsAllowed: existing?.friendsAllowed ?? false,
  })
  const [image, setImage] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(existing?.imageUrl ?? null)
  const [errors, setErrors] = useState<Fields>({})
  const formRef = useFocusFirstInvalid(errors)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const set = (name: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }))
  const setText = (language: Language, field: EventTextField) => (value: string) =>
    setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }))

  /** Shows the errors, on the first language that has one unless hers has one too. */
  function showErrors(found: Fields) {
    setErrors(found)
    const has = (language: Language) =>
      EVENT_TEXT_FIELDS.some((field) => found[textPath(language, field)])
    const first = LANGUAGE_CODES.find(has)
    if (first && !has(tab)) setTab(first)
  }

  const tabStates = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      {
        filled: EVENT_TEXT_FIELDS.some((field) => texts[language][field].trim() !== ''),
        invalid: EVENT_TEXT_FIELDS.some((field) => errors[textPath(language, field)]),
      },
    ]),
  ) as Record<Language, TabState>

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const start = new Date(values.startTime)
    const parsed = eventInputSchema.safeParse({
      ...values,
      ...texts.hu,
      // Every language is sent: one emptied goes back to the Hungarian.
      translations: Object.fromEntries(
        TRANSLATED_LANGUAGES.map((language) => [language, texts[language]]),
      ),
      startTime: Number.isNaN(start.getTime()) ? '' : start.toISOString(),
      duration: values.duration === '' ? Number.NaN : Number(values.duration),
      plannedRounds: values.plannedRounds === '' ? Number.NaN : Number(values.plannedRounds),
      klikkWindowHours:
        values.klikkWindowHours === '' ? Number.NaN : Number(values.klikkWindowHours),
      cancelDeadlineHours:
        values.cancelDeadlineHours === '' ? Number.NaN : Number(values.cancelDeadlineHours),
      places: values.places.trim() === '' ? null : Number(values.places),
    })
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    const saved = existing
      ? await updateEvent(existing.id, parsed.data)
      : await createEvent(parsed.data)
    if (!saved.ok) {
      setPending(false)
      showErrors(saved.fields ?? {})
      setFailure(saved.message || t('editor.failed'))
      return
    }
    if (image) {
      const uploaded = await uploadEventImage(saved.data.id, image)
      if (!uploaded.ok) {
        setPending(false)
        setFailure(uploaded.message || t('editor.failed'))
        return
      }
    }
    setPending(false)
    onSaved(saved.data.id)
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <LanguageTabs
        label={t('editor.texts')}
        selected={tab}
        onSelect={setTab}
        states={tabStates}
        describe={(language, state) =>
          `, ${t(language === 'hu' ? 'editor.textsRequired' : 'editor.textsOptional')}, ${t(state.invalid ? 'editor.textsHaveErrors' : state.filled ? 'editor.textsWritten' : 'editor.usesHungarian')}`
        }
      >
        <fieldset className="flex min-w-0 flex-col gap-5" lang={tab}>
          <legend className="sr-only">{languageName(tab, i18n.language)}</legend>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-ink-soft">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tab === 'hu' ? 'bg-blush text-rose-deep' : 'bg-sand text-ink-soft'}`}
            >
              {t(tab === 'hu' ? 'editor.textsRequired' : 'editor.textsOptional')}
            </span>
            <span>
              {t(
                tab === 'hu'
                  ? 'editor.textsHungarianNote'
                  : tabStates[tab].filled
                    ? 'editor.textsFallbackNote'
                    : 'editor.textsNoneNote',
                { language: languageName(tab, i18n.language) },
              )}
            </span>
          </p>
          {EVENT_TEXT_FIELDS.map((field) => {
            const value = texts[tab][field]
            const hungarian = texts.hu[field]
            const common = {
              key: `${tab}-${field}`,
              label: t(`editor.${field}`),
              value,
              error: errors[textPath(tab, field)],
              maxLength: EVENT_TEXT_LIMITS[field],
              // In another language, an empty field shows (and will show members) the Hungarian.
              placeholder: tab === 'hu' ? undefined : hungarian,
              hint:
                tab !== 'hu' && value.trim() === '' && hungarian.trim() !== ''
                  ? t('editor.usesHungarianHint')
                  : undefined,
            }
            return field === 'description' ? (
              <TextAreaField
                {...common}
                key={common.key}
                rows={4}
                onChange={(e) => setText(tab, field)(e.target.value)}
              />
            ) : (
              <TextField
                {...common}
                key={common.key}
                onChange={(e) => setText(tab, field)(e.target.value)}
                required={tab === 'hu' && field === 'eventName'}
              />
            )
          })}
        </fieldset>
      </LanguageTabs>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-semibold" id="event-image-label">
          {t('editor.image')}
        </span>
        <div className="flex flex-wrap items-center gap-4">
          {preview && (
            <img
              src={preview}
              alt=""
              className="aspect-video w-40 rounded-xl object-cover ring-1 ring-ink/10"
            />
          )}
          <label className="inline-flex h-11 cursor-pointer items-center rounded-full border border-ink/15 bg-white px-5 text-sm font-semibold transition hover:border-rose/50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-rose-deep">
            {preview ? t('editor.changeImage') : t('editor.chooseImage')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-labelledby="event-image-label"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null
                setImage(file)
                if (file) setPreview(URL.createObjectURL(file))
              }}
            />
          </label>
        </div>
        <p className="text-sm text-ink-soft">{t('editor.imageHint')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('editor.startTime')}
          type="datetime-local"
          value={values.startTime}
          onChange={(e) => set('startTime')(e.target.value)}
          error={errors.startTime}
          required
        />
        <TextField
          label={t('editor.duration')}
          type="number"
          inputMode="numeric"
          min={15}
          max={1440}
          value={values.duration}
          onChange={(e) => set('duration')(e.target.value)}
          error={errors.duration}
          required
        />
        <TextField
          label={t('editor.address')}
          value={values.address}
          onChange={(e) => set('address')(e.target.value)}
          error={errors.address}
          maxLength={200}
        />
        <TextField
          label={t('editor.plannedRounds')}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          value={values.plannedRounds}
          onChange={(e) => set('plannedRounds')(e.target.value)}
          error={errors.plannedRounds}
        />
        <TextField
          label={t('editor.klikkWindowHours')}
          hint={t('editor.klikkWindowHoursHint')}
          type="number"
          inputMode="numeric"
          min={KLIKK_WINDOW_HOURS.min}
          max={KLIKK_WINDOW_HOURS.max}
          value={values.klikkWindowHours}
          onChange={(e) => set('klikkWindowHours')(e.target.value)}
          error={errors.klikkWindowHours}
        />
        <TextField
          label={t('editor.cancelDeadlineHours')}
          hint={t('editor.cancelDeadlineHoursHint')}
          type="number"
          inputMode="numeric"
          min={CANCEL_DEADLINE_HOURS.min}
          max={CANCEL_DEADLINE_HOURS.max}
          value={values.cancelDeadlineHours}
          onChange={(e) => set('cancelDeadlineHours')(e.target.value)}
          error={errors.cancelDeadlineHours}
        />
        <TextField
          label={t('editor.places')}
          hint={t('editor.placesHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={10_000}
          value={values.places}
          onChange={(e) => set('places')(e.target.value)}
          error={errors.places}
        />
      </div>
      <div className="flex flex-col gap-3">
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={values.isKlikk}
            onChange={(e) => set('isKlikk')(e.target.checked)}
          />
          {t('editor.isKlikk')}
        </label>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={values.hasRecordingAvailable}
            onChange={(e) => set('hasRecordingAvailable')(e.target.checked)}
          />
          {t('editor.hasRecordingAvailable')}
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className={`mt-0.5 shrink-0 ${checkboxClass}`}
            checked={values.friendsAllowed}
            onChange={(e) => set('friendsAllowed')(e.target.checked)}
            aria-describedby="friends-allowed-hint"
          />
          <span>
            {t('editor.friendsAllowed')}
            <span id="friends-allowed-hint" className="block text-sm text-ink-soft">
              {t('editor.friendsAllowedHint')}
            </span>
          </span>
        </label>
        {values.isKlikk && (
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className={`mt-0.5 shrink-0 ${checkboxClass}`}
              checked={values.autoSeatLateArrivals}
              onChange={(e) => set('autoSeatLateArrivals')(e.target.checked)}
              aria-describedby="auto-seat-hint"
            />
            <span>
              {t('editor.autoSeatLateArrivals')}
              <span id="auto-seat-hint" className="block text-sm text-ink-soft">
                {t('editor.autoSeatLateArrivalsHint')}
              </span>
            </span>
          </label>
        )}
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('editor.saving')}>
          {existing ? t('editor.save') : t('editor.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </Button>
      </div>
    </form>
  )
}
