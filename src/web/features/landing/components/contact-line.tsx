import { useTranslation } from '#web/lib/use-translation.ts'
import { interpolateElement } from '#web/lib/interpolate-element.tsx'
import { publicConfig } from '#web/lib/public-config.ts'

export function ContactLine() {
  const { t } = useTranslation('landing')
  const { contactEmail } = publicConfig()
  return (
    <p className="mx-auto max-w-3xl px-5 text-center text-ink-soft sm:px-8">
      {interpolateElement(
        (slot) => t('contact.line', { email: slot }),
        <a
          href={`mailto:${contactEmail}`}
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {contactEmail}
        </a>,
      )}
    </p>
  )
}
