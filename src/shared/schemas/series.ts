import { z } from 'zod'
import { SERIES_REGISTRATION_OPENS_DAYS, seriesRuleSchema } from '../series-rule.ts'
import { eventInputSchema, tableInputSchema } from './events.ts'

// Messages are keys in the `events` namespace (validation.*), as in eventInputSchema.

/** At most this many tables an evening of a series starts with. */
export const SERIES_MAX_TABLES = 50

/** What every evening of a series shares: an event's fields without its start. */
const seriesEveningFields = eventInputSchema.omit({ startTime: true })

/**
 * A series as the host makes it: the evenings' texts, place and places, the tables each evening
 * starts with, when registration opens, and the rule that gives the dates.
 */
/** An evening's tables, each name once (a table is known by its name across the evenings). */
const seriesTablesSchema = z
  .array(tableInputSchema, { error: 'seriesTablesInvalid' })
  .max(SERIES_MAX_TABLES, { error: 'seriesTablesInvalid' })
  .refine(
    (tables) => new Set(tables.map((t) => t.tableName.toLocaleLowerCase())).size === tables.length,
    { error: 'tableNameTaken' },
  )

/** Days before each evening that registration opens (and its followers are e-mailed). */
const registrationOpensDaysSchema = z
  .number({ error: 'seriesOpensDaysInvalid' })
  .int({ error: 'seriesOpensDaysInvalid' })
  .min(SERIES_REGISTRATION_OPENS_DAYS.min, { error: 'seriesOpensDaysInvalid' })
  .max(SERIES_REGISTRATION_OPENS_DAYS.max, { error: 'seriesOpensDaysInvalid' })

export const seriesInputSchema = seriesEveningFields.extend({
  rule: seriesRuleSchema,
  tables: seriesTablesSchema.default([]),
  registrationOpensDays: registrationOpensDaysSchema.default(
    SERIES_REGISTRATION_OPENS_DAYS.default,
  ),
})
export type SeriesInput = z.infer<typeof seriesInputSchema>

/** Which evenings an edit is for: the one chosen alone, or it and every later one. */
export const SERIES_EDIT_SCOPES = ['evening', 'following'] as const
export type SeriesEditScope = (typeof SERIES_EDIT_SCOPES)[number]

/**
 * An edit of a series' evening. `startTime` moves the one evening (scope `evening` only);
 * `time` ("19:30", site time) moves this and the later evenings to another hour of their day
 * (scope `following` only). Every other field is the evening's as on the event form.
 */
export const seriesEditSchema = seriesEveningFields
  .extend({
    scope: z.enum(SERIES_EDIT_SCOPES, { error: 'seriesScopeInvalid' }),
    startTime: eventInputSchema.shape.startTime.optional(),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'seriesTimeInvalid' })
      .optional(),
  })
  .refine((edit) => edit.scope === 'evening' || edit.startTime === undefined, {
    error: 'seriesStartTimeOneEvening',
    path: ['startTime'],
  })
  .refine((edit) => edit.scope === 'following' || edit.time === undefined, {
    error: 'seriesTimeFollowing',
    path: ['time'],
  })
export type SeriesEdit = z.infer<typeof seriesEditSchema>

/**
 * New tables for an evening alone, or for it and every later one (and the evenings the series
 * still has to make). A table is matched by its name: one not listed goes, a new name is added.
 */
export const seriesTablesEditSchema = z.object({
  scope: z.enum(SERIES_EDIT_SCOPES, { error: 'seriesScopeInvalid' }),
  tables: seriesTablesSchema,
})
export type SeriesTablesEdit = z.infer<typeof seriesTablesEditSchema>

/** A new rule for the series' dates, and how many days before each evening registration opens. */
export const seriesRuleEditSchema = z.object({
  rule: seriesRuleSchema,
  registrationOpensDays: registrationOpensDaysSchema,
})
export type SeriesRuleEdit = z.infer<typeof seriesRuleEditSchema>
