/**
 * Why the domain refused something, in its own terms; http/domain-errors.ts says what each
 * reason is for a client (status, code, message). Domain code knows nothing of HTTP.
 */
export type DomainErrorReason =
  | 'eventNotFound'
  | 'eventAlreadyActive'
  | 'eventNotActive'
  | 'eventEnded'
  | 'eventNotEnded'
  | 'activeEventCannotBeDeleted'
  | 'tableNotFound'
  | 'tableNameTaken'
  | 'tableInUse'
  | 'tableFull'
  | 'noTables'
  | 'noParticipants'
  | 'participantNotFound'
  | 'userCodeUnknown'
  | 'userCodeInvalid'
  | 'notRegistered'
  | 'checkInNotFound'
  | 'undoExpired'
  | 'doorClosed'
  | 'checkInNotOpen'
  | 'checkInTimeInvalid'
  | 'alreadySeated'
  | 'nobodyUnseated'
  | 'forbidden'
  | 'registrationClosed'
  | 'alreadyRegistered'
  | 'withdrawalClosed'
  | 'onWaitingList'
  | 'notSeated'
  | 'roundNotFound'
  | 'roundAlreadyStarted'
  | 'roundNotRunning'
  | 'roundRunning'
  | 'keepApartSamePerson'
  | 'keepApartNotFound'
  | 'screenLinkNotFound'
  | 'userNotFound'
  | 'memberNotFound'
  | 'lastAdmin'
  | 'campaignNotFound'
  | 'campaignNotReady'
  | 'campaignNoAudience'
  | 'campaignScheduleInPast'
  | 'campaignNotDraft'
  | 'campaignNotScheduled'
  | 'campaignNotSending'
  | 'campaignNotPaused'
  | 'campaignFinished'
  | 'campaignTestTooSoon'
  | 'campaignSeriesUnknown'
  | 'welcomeEmailNotFound'
  | 'welcomeNotReady'
  | 'welcomeNoEmails'
  | 'welcomeLastEmail'
  | 'welcomeNotStarted'
  | 'welcomeEarlierIncluded'
  | 'settingLocked'
  | 'launchDatePassed'
  | 'suppressionNotFound'
  | 'subscriberNotFound'
  | 'klikkSelf'
  | 'klikkNotTablemate'
  | 'klikkNotOpen'
  | 'klikkClosed'
  | 'klikkFeedbackNotSeated'
  | 'klikkFeedbackNotOpen'
  | 'klikkFeedbackClosed'
  | 'registrationNotOpen'
  | 'seriesNotFound'
  | 'seriesDateInPast'
  | 'seriesNoDates'
  | 'seriesEveningHasRun'
  | 'seriesPlacesBelowRegistered'
  | 'seriesTableInUse'
  | 'seriesTableTooSmall'
  | 'seriesTokenInvalid'
  | 'noOtherQuestion'
  | 'questionNotFound'
  | 'questionOrderStale'
  | 'offerNotFound'
  | 'offerLapsed'
  | 'inviteSelf'
  | 'friendsNotAllowed'
  | 'friendAlreadyInvited'
  | 'friendHasAccount'
  | 'friendTooLate'
  | 'eventFull'
  | 'friendInvitationNotFound'
  | 'friendAlreadyAccepted'
  | 'friendInvitationWithdrawn'
  | 'friendInvitationLapsed'
  | 'placeGone'
  | 'lateCancellationNotFound'
  | 'noShowNotFound'

export class DomainError extends Error {
  readonly reason: DomainErrorReason
  /** Which fields of a form are at fault: field path → message key of the reason's namespace. */
  readonly fields: Record<string, string> | undefined
  /** Values the message names ({{name}}: who is not registered). */
  readonly values: Record<string, string | number> | undefined

  constructor(
    reason: DomainErrorReason,
    fields?: Record<string, string>,
    values?: Record<string, string | number>,
  ) {
    super(reason)
    this.name = 'DomainError'
    this.reason = reason
    this.fields = fields
    this.values = values
  }
}
