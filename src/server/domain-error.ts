/**
 * Why the domain refused something, in its own terms; http/domain-errors.ts says what each
 * reason is for a client (status, code, message). Domain code knows nothing of HTTP.
 */
export type DomainErrorReason =
  | 'eventNotFound'
  | 'eventAlreadyActive'
  | 'eventNotActive'
  | 'activeEventCannotBeDeleted'
  | 'tableNotFound'
  | 'tableNameTaken'
  | 'tableInUse'
  | 'tableFull'
  | 'noTables'
  | 'noParticipants'
  | 'participantNotFound'
  | 'userCodeUnknown'
  | 'registrationClosed'
  | 'notSeated'
  | 'roundNotFound'
  | 'roundAlreadyStarted'
  | 'roundNotRunning'
  | 'roundRunning'
  | 'keepApartSamePerson'
  | 'keepApartNotFound'
  | 'userNotFound'
  | 'lastAdmin'

export class DomainError extends Error {
  readonly reason: DomainErrorReason

  constructor(reason: DomainErrorReason) {
    super(reason)
    this.name = 'DomainError'
    this.reason = reason
  }
}
