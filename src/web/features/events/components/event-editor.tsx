import { useState, type FormEvent } from 'react'
import { eventInputSchema, type EventInput } from '#shared/schemas/events.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { controlLook, FieldError } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { createEvent, updateEvent, uploadEventImage } from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'

type Fields = Partial<Record<keyof EventInput, string>>
interface Existing extends EventInput {
  id: string
  imageUrl: string | null
}

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
  const { t } = useTranslation('events')
  const [values, setValues] = useState({
    eventName: existing?.eventName ?? '',
    description: existing?.description ?? '',
    startTime: toLocalInput(existing?.startTime ?? nextEvening()),
    placeName: existing?.placeName ?? '',
    address: existing?.address ?? '',
    duration: String(existing?.duration ?? 150),
    plannedRounds: String(existing?.plannedRounds ?? 4),
    places: existing?.places == null ? '' : String(existing.places),
    isKlikk: existing?.isKlikk ?? true,
    hasRecordingAvailable: existing?.hasRecordingAvailable ?? false,
    autoSeatLateArrivals: existing?.autoSeatLateArrivals ?? true,
  })
  const [image, setImage] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(existing?.imageUrl ?? null)
  const [errors, setErrors] = useState<Fields>({})
  const formRef = useFocusFirstInvalid(errors)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const set = (name: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const start = new Date(values.startTime)
    const parsed = eventInputSchema.safeParse({
      ...values,
      startTime: Number.isNaN(start.getTime()) ? '' : start.toISOString(),
      duration: values.duration === '' ? Number.NaN : Number(values.duration),
      plannedRounds: values.plannedRounds === '' ? Number.NaN : Number(values.plannedRounds),
      places: values.places.trim() === '' ? null : Number(values.places),
    })
    if (!parsed.success) {
      setErrors(fieldErrors<keyof EventInput>(parsed.error, t))
      return
    }
    setErrors({})
    setPending(true)
    const saved = existing
      ? await updateEvent(existing.id, parsed.data)
      : await createEvent(parsed.data)
    if (!saved.ok) {
      setPending(false)
      setErrors((saved.fields ?? {}) as Fields)
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
      <TextField
        label={t('editor.eventName')}
        value={values.eventName}
        onChange={(e) => set('eventName')(e.target.value)}
        error={errors.eventName}
        required
        maxLength={120}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="event-description" className="text-sm font-semibold">
          {t('editor.description')}
        </label>
        <textarea
          id="event-description"
          rows={4}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'event-description-error' : undefined}
          className={`px-4 py-3 ${controlLook}`}
        />
        {errors.description && (
          <FieldError id="event-description-error">{errors.description}</FieldError>
        )}
      </div>
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
          label={t('editor.placeName')}
          value={values.placeName}
          onChange={(e) => set('placeName')(e.target.value)}
          error={errors.placeName}
          maxLength={120}
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
