import { useState, type FormEvent } from 'react'
import type { KlikkContactInput, KlikkShare } from '#shared/schemas/klikk.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { SegmentedChoice } from '#web/components/ui/segmented-choice.tsx'
import { SwitchField } from '#web/components/ui/switch-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { Klikk } from '../api/klikk-api.ts'

/**
 * What her matches see (chosen once; she may change it), and whether she can be picked at all.
 * Nothing is shown to a match before she has chosen.
 */
export function KlikkSettings({
  contact,
  hidden,
  busy,
  onContact,
  onHide,
}: {
  contact: Klikk['contact']
  hidden: boolean
  busy: string | null
  onContact: (contact: KlikkContactInput) => Promise<ApiResult<unknown>>
  onHide: (hidden: boolean) => Promise<ApiResult<unknown>>
}) {
  const { t } = useTranslation('events')
  const [share, setShare] = useState<KlikkShare>(contact.share ?? 'email')
  const [phone, setPhone] = useState(contact.phone ?? '')
  const [instagram, setInstagram] = useState(contact.instagram ?? '')
  const [outcome, setOutcome] = useState<{
    tone: 'success' | 'error'
    text: string
    fields?: Record<string, string>
  } | null>(null)
  const [hideOutcome, setHideOutcome] = useState<{
    tone: 'success' | 'error'
    text: string
  } | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    const input: KlikkContactInput =
      share === 'phone'
        ? { share, phone }
        : share === 'instagram'
          ? { share, instagram }
          : { share: 'email' }
    const result = await onContact(input)
    setOutcome(
      result.ok
        ? { tone: 'success', text: t('klikk.contactSaved') }
        : { tone: 'error', text: result.message || t('klikk.failed'), fields: result.fields },
    )
  }

  async function hide(next: boolean) {
    setHideOutcome(null)
    const result = await onHide(next)
    setHideOutcome(
      result.ok
        ? { tone: 'success', text: t(next ? 'klikk.hiddenOn' : 'klikk.hiddenOff') }
        : { tone: 'error', text: result.message || t('klikk.failed') },
    )
  }

  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      <form
        onSubmit={(event) => void save(event)}
        aria-labelledby="klikk-contact-heading"
        className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
        noValidate
      >
        <h3 id="klikk-contact-heading" className="font-display text-xl font-semibold">
          {t('klikk.contactTitle')}
        </h3>
        <p className="text-sm text-ink-soft">
          {contact.share ? t('klikk.contactChosen') : t('klikk.contactIntro')}
        </p>
        <SegmentedChoice
          legend={t('klikk.contactLegend')}
          options={(['email', 'phone', 'instagram'] as const).map((value) => ({
            value,
            label: t(`klikk.shares.${value}`),
          }))}
          value={share}
          onChange={setShare}
          className="self-start"
        />
        {share === 'phone' && (
          <TextField
            label={t('klikk.phoneLabel')}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={outcome?.fields?.phone}
          />
        )}
        {share === 'instagram' && (
          <TextField
            label={t('klikk.instagramLabel')}
            autoComplete="off"
            value={instagram}
            onChange={(e) => setInstagram(e.target.value)}
            error={outcome?.fields?.instagram}
          />
        )}
        {share === 'email' && <p className="text-sm">{t('klikk.emailNote')}</p>}
        <Button type="submit" className="self-start" pending={busy === 'contact'}>
          {t('klikk.contactSave')}
        </Button>
        {outcome && (
          <Alert tone={outcome.tone} focus={outcome.tone === 'error'}>
            {outcome.text}
          </Alert>
        )}
      </form>
      <div className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6">
        <h3 className="font-display text-xl font-semibold">{t('klikk.hideTitle')}</h3>
        <p className="text-sm text-ink-soft">{t('klikk.hideText')}</p>
        <SwitchField
          label={t('klikk.hideToggle')}
          checked={hidden}
          disabled={busy === 'hidden'}
          onChange={(next) => void hide(next)}
        />
        {hideOutcome && <Alert tone={hideOutcome.tone}>{hideOutcome.text}</Alert>}
      </div>
    </div>
  )
}
