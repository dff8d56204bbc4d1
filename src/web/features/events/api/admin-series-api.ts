import type { InferResponseType } from 'hono/client'
import type {
  SeriesEdit,
  SeriesInput,
  SeriesRuleEdit,
  SeriesTablesEdit,
} from '#shared/schemas/series.ts'
import { api, type ApiClient } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'
import { apiQuery, changed, refresh } from '#web/lib/query-client.tsx'
import { eventKeys, seriesKeys } from '#web/lib/query-keys.ts'

type AdminSeries = ApiClient['admin']['series']
export type SeriesDetail = InferResponseType<AdminSeries[':id']['$get'], 200>
export type SeriesEvening = SeriesDetail['evenings'][number]

const series = api.admin.series

export const seriesListQuery = () => apiQuery(seriesKeys.list(), () => callApi(() => series.$get()))
export const seriesDetailQuery = (id: string) =>
  apiQuery(seriesKeys.detail(id), () => callApi(() => series[':id'].$get({ param: { id } })))

/** A new series: its evenings join the events lists, and the series list has one more. */
export const createSeries = (input: SeriesInput) =>
  changed(
    callApi(() => series.$post({ json: input })),
    () => refresh(seriesKeys.all, eventKeys.lists()),
  )

/** An edit of one evening, or of it and the later ones: the series and the evenings read again. */
export const editSeriesEvening = (id: string, eventId: string, edit: SeriesEdit) =>
  changed(
    callApi(() => series[':id'].evenings[':eventId'].$put({ param: { id, eventId }, json: edit })),
    () => refresh(seriesKeys.all, eventKeys.all),
  )

/** New tables for an evening, or for it and the later ones: the series and its evenings read again. */
export const editSeriesTables = (id: string, eventId: string, edit: SeriesTablesEdit) =>
  changed(
    callApi(() =>
      series[':id'].evenings[':eventId'].tables.$put({ param: { id, eventId }, json: edit }),
    ),
    () => refresh(seriesKeys.all, eventKeys.all),
  )

/** A new rule: evenings may have been moved, removed or made, so every list reads again. */
export const editSeriesRule = (id: string, edit: SeriesRuleEdit) =>
  changed(
    callApi(() => series[':id'].rule.$put({ param: { id }, json: edit })),
    () => refresh(seriesKeys.all, eventKeys.all),
  )
export type RuleEdited = Extract<Awaited<ReturnType<typeof editSeriesRule>>, { ok: true }>['data']

/** The series ended: it leaves the list, and its evenings that went leave the events lists. */
export const deleteSeries = (id: string) =>
  changed(
    callApi(() => series[':id'].$delete({ param: { id } })),
    () => refresh(seriesKeys.list(), eventKeys.all),
  )
