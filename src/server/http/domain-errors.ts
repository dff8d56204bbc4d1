import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '#shared/api-error.ts'
import { DomainError, type DomainErrorReason } from '../domain-error.ts'
import type { ErrorMessageKey } from '../i18n.ts'
import { MixerError, type MixerErrorCode } from '../mixer/mixer-error.ts'
import { ApiError } from './api-error.ts'

type Answer = [status: ContentfulStatusCode, code: ErrorCode, message: ErrorMessageKey]

/** What each domain refusal is for a client. The one place where domain meets HTTP. */
const DOMAIN_ANSWERS: Record<DomainErrorReason, Answer> = {
  eventNotFound: [404, 'not_found', 'events:errors.eventNotFound'],
  eventAlreadyActive: [409, 'event_already_active', 'events:errors.alreadyActive'],
  eventNotActive: [409, 'event_not_active', 'events:errors.notActive'],
  eventEnded: [409, 'event_ended', 'events:errors.eventEnded'],
  eventNotEnded: [409, 'event_not_ended', 'events:errors.eventNotEnded'],
  activeEventCannotBeDeleted: [409, 'conflict', 'events:errors.activeCannotBeDeleted'],
  tableNotFound: [404, 'not_found', 'notFound'],
  tableNameTaken: [409, 'conflict', 'events:errors.tableNameTaken'],
  tableInUse: [409, 'conflict', 'events:errors.tableInUse'],
  tableFull: [409, 'conflict', 'events:errors.tableFull'],
  noTables: [409, 'conflict', 'events:errors.noTables'],
  noParticipants: [409, 'conflict', 'events:errors.noParticipants'],
  participantNotFound: [404, 'not_found', 'events:errors.participantNotFound'],
  userCodeUnknown: [404, 'user_code_unknown', 'events:errors.userCodeUnknown'],
  userCodeInvalid: [400, 'invalid_request', 'events:validation.userCodeInvalid'],
  notRegistered: [409, 'not_registered', 'events:errors.notRegistered'],
  checkInNotFound: [404, 'not_found', 'events:errors.checkInNotFound'],
  undoExpired: [409, 'undo_expired', 'events:errors.undoExpired'],
  doorClosed: [403, 'forbidden', 'events:errors.doorClosed'],
  checkInNotOpen: [409, 'check_in_not_open', 'events:errors.checkInNotOpen'],
  checkInTimeInvalid: [400, 'invalid_request', 'events:validation.checkInScannedAtRange'],
  alreadySeated: [409, 'already_seated', 'events:errors.alreadySeated'],
  nobodyUnseated: [409, 'conflict', 'events:errors.nobodyUnseated'],
  forbidden: [403, 'forbidden', 'auth.forbidden'],
  registrationClosed: [409, 'conflict', 'events:errors.registrationClosed'],
  alreadyRegistered: [409, 'already_registered', 'events:errors.alreadyRegistered'],
  withdrawalClosed: [409, 'conflict', 'events:errors.withdrawalClosed'],
  onWaitingList: [409, 'on_waiting_list', 'events:errors.onWaitingList'],
  offerNotFound: [404, 'not_found', 'events:errors.offerNotFound'],
  offerLapsed: [409, 'offer_lapsed', 'events:errors.offerLapsed'],
  placeGone: [409, 'place_gone', 'events:errors.placeGone'],
  lateCancellationNotFound: [404, 'not_found', 'events:errors.lateCancellationNotFound'],
  notSeated: [409, 'conflict', 'events:errors.notSeated'],
  roundNotFound: [404, 'not_found', 'events:errors.roundNotFound'],
  roundAlreadyStarted: [409, 'conflict', 'events:errors.roundAlreadyStarted'],
  roundNotRunning: [409, 'conflict', 'events:errors.roundNotRunning'],
  roundRunning: [409, 'conflict', 'events:errors.roundRunning'],
  keepApartSamePerson: [400, 'invalid_request', 'events:validation.keepApartSamePerson'],
  keepApartNotFound: [404, 'not_found', 'events:errors.keepApartNotFound'],
  screenLinkNotFound: [404, 'not_found', 'events:errors.screenLinkNotFound'],
  userNotFound: [404, 'not_found', 'auth.USER_NOT_FOUND'],
  memberNotFound: [404, 'not_found', 'notFound'],
  lastAdmin: [409, 'last_admin', 'admin.lastAdmin'],
  campaignNotFound: [404, 'not_found', 'newsletter:campaigns.errors.notFound'],
  campaignNotReady: [400, 'invalid_campaign', 'newsletter:campaigns.validation.subjectRequired'],
  campaignNoAudience: [400, 'no_audience', 'newsletter:campaigns.validation.audienceEmpty'],
  campaignScheduleInPast: [
    400,
    'invalid_campaign',
    'newsletter:campaigns.validation.scheduleInPast',
  ],
  campaignNotDraft: [409, 'conflict', 'newsletter:campaigns.errors.notDraft'],
  campaignNotScheduled: [409, 'conflict', 'newsletter:campaigns.errors.notScheduled'],
  campaignNotSending: [409, 'conflict', 'newsletter:campaigns.errors.notSending'],
  campaignNotPaused: [409, 'conflict', 'newsletter:campaigns.errors.notPaused'],
  campaignFinished: [409, 'conflict', 'newsletter:campaigns.errors.finished'],
  campaignTestTooSoon: [429, 'too_many_requests', 'newsletter:campaigns.errors.testTooSoon'],
  welcomeEmailNotFound: [404, 'not_found', 'newsletter:welcome.errors.notFound'],
  welcomeNotReady: [400, 'invalid_campaign', 'newsletter:campaigns.validation.subjectRequired'],
  welcomeNoEmails: [409, 'conflict', 'newsletter:welcome.errors.noEmails'],
  welcomeLastEmail: [409, 'conflict', 'newsletter:welcome.errors.lastEmail'],
  welcomeNotStarted: [409, 'conflict', 'newsletter:welcome.errors.notStarted'],
  welcomeEarlierIncluded: [409, 'conflict', 'newsletter:welcome.errors.earlierIncluded'],
  settingLocked: [409, 'setting_locked', 'siteSettings.locked'],
  launchDatePassed: [400, 'invalid_request', 'siteSettings.launchDatePassed'],
  suppressionNotFound: [404, 'not_found', 'notFound'],
  subscriberNotFound: [404, 'not_found', 'notFound'],
  klikkSelf: [400, 'invalid_request', 'events:errors.klikkSelf'],
  klikkNotTablemate: [409, 'klikk_not_tablemate', 'events:errors.klikkNotTablemate'],
  klikkNotOpen: [409, 'klikk_not_open', 'events:errors.klikkNotOpen'],
  klikkClosed: [409, 'klikk_closed', 'events:errors.klikkClosed'],
  klikkFeedbackNotSeated: [409, 'klikk_not_seated', 'events:errors.klikkFeedbackNotSeated'],
  klikkFeedbackNotOpen: [409, 'klikk_not_open', 'events:errors.klikkFeedbackNotOpen'],
  klikkFeedbackClosed: [409, 'klikk_closed', 'events:errors.klikkFeedbackClosed'],
  registrationNotOpen: [409, 'registration_not_open', 'events:errors.registrationNotOpen'],
  seriesNotFound: [404, 'not_found', 'events:errors.seriesNotFound'],
  seriesDateInPast: [400, 'invalid_request', 'events:validation.seriesDateInPast'],
  seriesNoDates: [400, 'invalid_request', 'events:validation.seriesNoDates'],
  seriesEveningHasRun: [409, 'series_evening_has_run', 'events:errors.seriesEveningHasRun'],
  seriesPlacesBelowRegistered: [
    409,
    'series_places_below_registered',
    'events:validation.seriesPlacesBelowRegistered',
  ],
  seriesTokenInvalid: [400, 'invalid_token', 'events:errors.seriesTokenInvalid'],
  noOtherQuestion: [409, 'no_other_question', 'events:errors.noOtherQuestion'],
  questionNotFound: [404, 'not_found', 'notFound'],
  questionOrderStale: [409, 'conflict', 'questions.orderStale'],
}

/** Field messages of a domain refusal live in the namespace of its answer's message. */
function fieldMessages(
  message: ErrorMessageKey,
  fields: Record<string, string> | undefined,
): Record<string, ErrorMessageKey> | undefined {
  if (!fields) return undefined
  const namespace = message.includes(':') ? `${message.split(':')[0]}:` : ''
  return Object.fromEntries(
    Object.entries(fields).map(([field, key]) => [field, `${namespace}${key}` as ErrorMessageKey]),
  )
}

/** The mixing engine's refusals that an evening can cause; the rest are our own bugs (500). */
const MIXER_ANSWERS: Partial<Record<MixerErrorCode, Answer>> = {
  not_enough_seats: [409, 'not_enough_seats', 'events:errors.notEnoughSeats'],
  too_many_participants: [409, 'conflict', 'events:errors.tooManyPeople'],
}

/** A domain or mixer refusal as the ApiError the app answers with; anything else as it is. */
export function asApiError(error: unknown): unknown {
  if (error instanceof DomainError) {
    const [status, code, defaultMessage] = DOMAIN_ANSWERS[error.reason]
    const fields = fieldMessages(defaultMessage, error.fields)
    // A form's refusal says its first field's message (the default when it names none).
    const message = fields ? (Object.values(fields)[0] ?? defaultMessage) : defaultMessage
    return new ApiError(status, code, message, { fields, values: error.values })
  }
  if (error instanceof MixerError) {
    const answer = MIXER_ANSWERS[error.code]
    if (!answer) return error
    const [status, code, message] = answer
    return new ApiError(status, code, message, { values: { ...error.details } })
  }
  return error
}
