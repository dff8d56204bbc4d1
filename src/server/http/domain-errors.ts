import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '#shared/api-error.ts'
import { DomainError, type DomainErrorReason } from '../domain-error.ts'
import type { ErrorMessageKey } from '../i18n.ts'
import { MixerError, type MixerErrorCode } from '../mixer/mixer-error.ts'
import { ApiError } from './api-error.ts'

type Answer = [status: ContentfulStatusCode, code: ErrorCode, message: ErrorMessageKey]

/** A refusal's message, with its status's own code, or with a code of its own first. */
type Row = ErrorMessageKey | [code: ErrorCode, message: ErrorMessageKey]

/** One status's refusals as answers: each its message, and the status's code unless it names one. */
function answers<R extends DomainErrorReason>(
  status: ContentfulStatusCode,
  code: ErrorCode,
  rows: Record<R, Row>,
): Record<R, Answer> {
  const entries = Object.entries<Row>(rows).map(([reason, row]): [string, Answer] =>
    typeof row === 'string' ? [reason, [status, code, row]] : [reason, [status, ...row]],
  )
  return Object.fromEntries(entries) as Record<R, Answer>
}

/** 400, asked wrongly: a value out of bounds, a form not complete. */
const BAD_REQUEST = answers(400, 'invalid_request', {
  userCodeInvalid: 'events:validation.userCodeInvalid',
  checkInTimeInvalid: 'events:validation.checkInScannedAtRange',
  inviteSelf: ['invite_self', 'events:errors.inviteSelf'],
  keepApartSamePerson: 'events:validation.keepApartSamePerson',
  campaignNotReady: ['invalid_campaign', 'newsletter:campaigns.validation.subjectRequired'],
  campaignNoAudience: ['no_audience', 'newsletter:campaigns.validation.audienceEmpty'],
  campaignScheduleInPast: ['invalid_campaign', 'newsletter:campaigns.validation.scheduleInPast'],
  campaignSeriesUnknown: ['invalid_campaign', 'newsletter:campaigns.validation.seriesUnknown'],
  welcomeNotReady: ['invalid_campaign', 'newsletter:campaigns.validation.subjectRequired'],
  launchDatePassed: 'siteSettings.launchDatePassed',
  klikkSelf: 'events:errors.klikkSelf',
  seriesDateInPast: 'events:validation.seriesDateInPast',
  seriesNoDates: 'events:validation.seriesNoDates',
  seriesTokenInvalid: ['invalid_token', 'events:errors.seriesTokenInvalid'],
})

/** 403, not hers to do. */
const FORBIDDEN = answers(403, 'forbidden', {
  doorClosed: 'events:errors.doorClosed',
  forbidden: 'auth.forbidden',
})

/** 404, what it names is not there, or not for her to see. */
const NOT_FOUND = answers(404, 'not_found', {
  eventNotFound: 'events:errors.eventNotFound',
  tableNotFound: 'notFound',
  participantNotFound: 'events:errors.participantNotFound',
  userCodeUnknown: ['user_code_unknown', 'events:errors.userCodeUnknown'],
  checkInNotFound: 'events:errors.checkInNotFound',
  offerNotFound: 'events:errors.offerNotFound',
  friendInvitationNotFound: 'events:errors.friendInvitationNotFound',
  lateCancellationNotFound: 'events:errors.lateCancellationNotFound',
  noShowNotFound: 'events:errors.noShowNotFound',
  roundNotFound: 'events:errors.roundNotFound',
  keepApartNotFound: 'events:errors.keepApartNotFound',
  screenLinkNotFound: 'events:errors.screenLinkNotFound',
  userNotFound: 'auth.USER_NOT_FOUND',
  memberNotFound: 'notFound',
  campaignNotFound: 'newsletter:campaigns.errors.notFound',
  welcomeEmailNotFound: 'newsletter:welcome.errors.notFound',
  suppressionNotFound: 'notFound',
  subscriberNotFound: 'notFound',
  seriesNotFound: 'events:errors.seriesNotFound',
  questionNotFound: 'notFound',
})

/** 409, refused by where things stand: the evening's, the campaign's, the series' state. */
const CONFLICT = answers(409, 'conflict', {
  eventAlreadyActive: ['event_already_active', 'events:errors.alreadyActive'],
  eventNotActive: ['event_not_active', 'events:errors.notActive'],
  eventEnded: ['event_ended', 'events:errors.eventEnded'],
  eventNotEnded: ['event_not_ended', 'events:errors.eventNotEnded'],
  activeEventCannotBeDeleted: 'events:errors.activeCannotBeDeleted',
  tableNameTaken: 'events:errors.tableNameTaken',
  tableInUse: 'events:errors.tableInUse',
  tableFull: 'events:errors.tableFull',
  noTables: 'events:errors.noTables',
  noParticipants: 'events:errors.noParticipants',
  notRegistered: ['not_registered', 'events:errors.notRegistered'],
  undoExpired: ['undo_expired', 'events:errors.undoExpired'],
  checkInNotOpen: ['check_in_not_open', 'events:errors.checkInNotOpen'],
  alreadySeated: ['already_seated', 'events:errors.alreadySeated'],
  nobodyUnseated: 'events:errors.nobodyUnseated',
  registrationClosed: 'events:errors.registrationClosed',
  alreadyRegistered: ['already_registered', 'events:errors.alreadyRegistered'],
  withdrawalClosed: 'events:errors.withdrawalClosed',
  onWaitingList: ['on_waiting_list', 'events:errors.onWaitingList'],
  offerLapsed: ['offer_lapsed', 'events:errors.offerLapsed'],
  placeGone: ['place_gone', 'events:errors.placeGone'],
  friendsNotAllowed: ['friends_not_allowed', 'events:errors.friendsNotAllowed'],
  friendAlreadyInvited: ['already_invited', 'events:errors.friendAlreadyInvited'],
  friendHasAccount: ['friend_has_account', 'events:errors.friendHasAccount'],
  friendTooLate: ['invitation_too_late', 'events:errors.friendTooLate'],
  eventFull: ['event_full', 'events:errors.eventFull'],
  friendAlreadyAccepted: ['invitation_accepted', 'events:errors.friendAlreadyAccepted'],
  friendInvitationWithdrawn: ['invitation_withdrawn', 'events:errors.friendInvitationWithdrawn'],
  friendInvitationLapsed: ['invitation_lapsed', 'events:errors.friendInvitationLapsed'],
  notSeated: 'events:errors.notSeated',
  roundAlreadyStarted: 'events:errors.roundAlreadyStarted',
  roundNotRunning: 'events:errors.roundNotRunning',
  roundRunning: 'events:errors.roundRunning',
  lastAdmin: ['last_admin', 'admin.lastAdmin'],
  campaignNotDraft: 'newsletter:campaigns.errors.notDraft',
  campaignNotScheduled: 'newsletter:campaigns.errors.notScheduled',
  campaignNotSending: 'newsletter:campaigns.errors.notSending',
  campaignNotPaused: 'newsletter:campaigns.errors.notPaused',
  campaignFinished: 'newsletter:campaigns.errors.finished',
  welcomeNoEmails: 'newsletter:welcome.errors.noEmails',
  welcomeLastEmail: 'newsletter:welcome.errors.lastEmail',
  welcomeNotStarted: 'newsletter:welcome.errors.notStarted',
  welcomeEarlierIncluded: 'newsletter:welcome.errors.earlierIncluded',
  settingLocked: ['setting_locked', 'siteSettings.locked'],
  klikkNotTablemate: ['klikk_not_tablemate', 'events:errors.klikkNotTablemate'],
  klikkNotOpen: ['klikk_not_open', 'events:errors.klikkNotOpen'],
  klikkClosed: ['klikk_closed', 'events:errors.klikkClosed'],
  klikkFeedbackNotSeated: ['klikk_not_seated', 'events:errors.klikkFeedbackNotSeated'],
  klikkFeedbackNotOpen: ['klikk_not_open', 'events:errors.klikkFeedbackNotOpen'],
  klikkFeedbackClosed: ['klikk_closed', 'events:errors.klikkFeedbackClosed'],
  registrationNotOpen: ['registration_not_open', 'events:errors.registrationNotOpen'],
  seriesEveningHasRun: ['series_evening_has_run', 'events:errors.seriesEveningHasRun'],
  seriesPlacesBelowRegistered: [
    'series_places_below_registered',
    'events:validation.seriesPlacesBelowRegistered',
  ],
  seriesTableInUse: ['series_table_seated', 'events:errors.seriesTableInUse'],
  seriesTableTooSmall: ['series_table_seated', 'events:errors.seriesTableTooSmall'],
  noOtherQuestion: ['no_other_question', 'events:errors.noOtherQuestion'],
  questionOrderStale: 'questions.orderStale',
})

/** 429, refused for now: too soon after the last. */
const TOO_MANY_REQUESTS = answers(429, 'too_many_requests', {
  campaignTestTooSoon: 'newsletter:campaigns.errors.testTooSoon',
})

const TABLES = [BAD_REQUEST, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS] as const
type KeysOf<T> = T extends unknown ? keyof T : never

/**
 * What each domain refusal is for a client. The one place where domain meets HTTP. A reason in no
 * table does not compile; one in two would answer with the later one's status: refused at start.
 */
const DOMAIN_ANSWERS: Record<DomainErrorReason, Answer> = Object.assign({}, ...TABLES) as Record<
  KeysOf<(typeof TABLES)[number]>,
  Answer
>
if (Object.keys(DOMAIN_ANSWERS).length !== TABLES.reduce((n, t) => n + Object.keys(t).length, 0))
  throw new Error('A domain refusal is in two status tables (http/domain-errors.ts)')

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
