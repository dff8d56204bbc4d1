export type MixerErrorCode =
  | 'not_enough_seats'
  | 'too_many_participants'
  | 'invalid_capacity'
  | 'duplicate_participant'
  | 'duplicate_table'
  | 'invalid_rounds'
  | 'invalid_time_budget'

/** Thrown by the mixing engine for input it cannot plan; `details` holds the numbers involved. */
export class MixerError extends Error {
  readonly code: MixerErrorCode
  readonly details: Readonly<Record<string, string | number>>

  constructor(
    code: MixerErrorCode,
    message: string,
    details: Readonly<Record<string, string | number>> = {},
  ) {
    super(message)
    this.name = 'MixerError'
    this.code = code
    this.details = details
  }
}
