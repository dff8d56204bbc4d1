import { AUDIT_ACTOR_KINDS } from '#shared/audit.ts'
import { dateLocale, isLanguage, type Language } from '#shared/languages.ts'
import { PARTICIPANT_STATUSES } from '#shared/schemas/events.ts'
import { FRIEND_INVITATION_STATUSES } from '#shared/place-offers.ts'
import { SUPPRESSION_REASONS } from '../db/schema/mail-suppressions.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { outbox } from '../db/schema/outbox.ts'
import { emailTranslator, participantStatusText } from '../i18n.ts'
/**
 * The readable page of her data download (data.html) in the words the site uses: data.json keeps
 * the codes (`registered`, `verify-email`...) for programs; the page shows each in her language.
 */

/**
 * The kinds of e-mail the outbox records, as the page names them (`dataExport.emailKinds.*`).
 * A registration's kind carries its event (`eventRegistration:<id>`), a campaign's test its
 * language (`campaign-test-en`); any other kind reads as "other e-mail" (its subject says more).
 */
export const EMAIL_KIND_WORDS = [
  'verify-email',
  'change-email-confirm',
  'change-email-notice',
  'reset-password',
  'eventRegistration',
  'placeOpened',
  'placeOffer',
  'placeGivenUp',
  'friendInvitation',
  'friendAccepted',
  'friendLapsed',
  'eventChanged',
  'eventCancelled',
  'eventReminder',
  'klikkResult',
  'eveningThanks',
  'eveningMissed',
  'seriesOpen',
  'newsletterConfirm',
  'newsletterAlreadySubscribed',
  'newsletterUnsubscribe',
  'campaignTest',
  'newsletterWelcome',
] as const

/** The audit actions whose subject is a member herself: her account's history. */
export const ACCOUNT_HISTORY_ACTIONS = [
  'role.grant',
  'role.revoke',
  'two_factor.reset',
  'account.email_change',
  'export.member_data',
] as const

const among = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

export function emailKindWord(kind: string): (typeof EMAIL_KIND_WORDS)[number] | 'other' {
  if (kind.startsWith('eventRegistration:')) return 'eventRegistration'
  if (kind.startsWith('placeOffer:')) return 'placeOffer'
  if (kind.startsWith('friendInvitation:')) return 'friendInvitation'
  if (kind.startsWith('friendAccepted:')) return 'friendAccepted'
  if (kind.startsWith('friendLapsed:')) return 'friendLapsed'
  if (kind.startsWith('campaign-test-')) return 'campaignTest'
  return among(EMAIL_KIND_WORDS, kind) ? kind : 'other'
}

/**
 * For one language: a field's value in words, or null when the value is no code (a name, an
 * address, a date: shown as it is).
 */
export function pageWords(language: Language) {
  const t = emailTranslator(language) as unknown as (key: string) => string
  const languages = new Intl.DisplayNames([dateLocale(language)], { type: 'language' })
  return (section: string, field: string, value: string): string | null => {
    if (field === 'language') return isLanguage(value) ? (languages.of(value) ?? value) : null
    switch (`${section}.${field}`) {
      case 'events.status':
        return among(PARTICIPANT_STATUSES, value) ? participantStatusText(language, value) : null
      case 'friendInvitations.status':
        return among(FRIEND_INVITATION_STATUSES, value)
          ? t(`dataExport.friendStatuses.${value}`)
          : null
      case 'emails.kind':
        return t(`dataExport.emailKinds.${emailKindWord(value)}`)
      case 'emails.status':
        return among(outbox.status.enumValues, value)
          ? t(`dataExport.emailStatuses.${value}`)
          : null
      case 'newsletter.source':
        return among(newsletterSubscribers.source.enumValues, value)
          ? t(`dataExport.sources.${value}`)
          : null
      case 'notMailed.reason':
        return among(SUPPRESSION_REASONS, value) ? t(`dataExport.notMailedReasons.${value}`) : null
      case 'accountHistory.action':
        return t(
          `dataExport.actions.${among(ACCOUNT_HISTORY_ACTIONS, value) ? value.replace('.', '_') : 'other'}`,
        )
      case 'accountHistory.by':
        return among(AUDIT_ACTOR_KINDS, value) ? t(`dataExport.actors.${value}`) : null
      default:
        return null
    }
  }
}
