import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import {
  CAMPAIGN_BODY_MAX_LENGTH,
  CAMPAIGN_SUBJECT_MAX_LENGTH,
  type CampaignContent,
} from '#shared/schemas/campaigns.ts'
import type { TabState } from '#web/components/ui/language-tabs.tsx'
import { TextAreaField } from '#web/components/ui/text-area-field.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'

/*
 * What the campaign editor and the welcome e-mails' editor share (decision 90): the language
 * tabs' states and words, and one language's subject and body.
 */

/** One language's version of the e-mail. */
type Version = CampaignContent

/** Each language's tab: written in, or with a mistake the server or the check found. */
export function versionTabStates(
  content: Record<Language, Version>,
  errors: Record<string, string>,
): Record<Language, TabState> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => {
      const { subject, body } = content[language]
      return [
        language,
        {
          filled: subject.trim() !== '' || body.trim() !== '',
          invalid: Object.keys(errors).some((path) => path.startsWith(`content.${language}.`)),
        },
      ]
    }),
  ) as Record<Language, TabState>
}

/** What a screen reader hears after a tab's language: required or not, and its state. */
export function useDescribeVersionTab() {
  const { t } = useTranslation('newsletter')
  return (language: Language, state: TabState) =>
    `, ${t(language === 'hu' ? 'campaigns.ui.editor.required' : 'campaigns.ui.editor.optional')}, ${t(state.invalid ? 'campaigns.ui.editor.hasErrors' : state.filled ? 'campaigns.ui.editor.filled' : 'campaigns.ui.editor.empty')}`
}

/** One language's subject and body (Hungarian required, the others fall back to it). */
export function VersionFields({
  tab,
  version,
  errors,
  onChange,
  rows,
  bodyClassName,
}: {
  tab: Language
  version: Version
  errors: Record<string, string>
  onChange: (part: keyof Version, text: string) => void
  rows: number
  bodyClassName?: string
}) {
  const { t } = useTranslation('newsletter')
  return (
    <>
      <TextField
        key={`${tab}-subject`}
        label={t('campaigns.ui.editor.subject')}
        value={version.subject}
        onChange={(event) => onChange('subject', event.target.value)}
        error={errors[`content.${tab}.subject`]}
        maxLength={CAMPAIGN_SUBJECT_MAX_LENGTH}
        lang={tab}
        required={tab === 'hu'}
      />
      <TextAreaField
        key={`${tab}-body`}
        label={t('campaigns.ui.editor.body')}
        hint={t('campaigns.ui.editor.markdownHint')}
        value={version.body}
        onChange={(event) => onChange('body', event.target.value)}
        error={errors[`content.${tab}.body`]}
        lang={tab}
        rows={rows}
        maxLength={CAMPAIGN_BODY_MAX_LENGTH}
        required={tab === 'hu'}
        className={bodyClassName}
      />
    </>
  )
}
