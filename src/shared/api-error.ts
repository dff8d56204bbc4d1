import { z } from 'zod'

/** Every error a client receives has this shape; a form's errors also name their fields. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

export const ERROR_CODES = [
  'not_found',
  'internal_error',
  'invalid_request',
  'database_unavailable',
  'unauthorized',
  'forbidden',
  'cross_origin',
  'unsupported_media_type',
  'payload_too_large',
  'incorrect_credentials',
  'reauthentication_required',
  'invalid_image',
  'too_many_requests',
  'invalid_email',
  'name_required',
  'invalid_token',
  'event_already_active',
  'event_not_active',
  'event_ended',
  'event_not_ended',
  'conflict',
  'not_enough_seats',
  'no_active_event',
  'last_admin',
  'invalid_campaign',
  'no_audience',
  'user_code_unknown',
  'not_registered',
  'undo_expired',
  'check_in_not_open',
  'already_seated',
  'already_registered',
  'on_waiting_list',
  'setting_locked',
  'two_factor_required',
  'screen_link_revoked',
  'screen_link_ended',
  'screen_code_unknown',
  'klikk_not_tablemate',
  'klikk_not_open',
  'klikk_closed',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]
