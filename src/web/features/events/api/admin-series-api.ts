import type { InferResponseType } from 'hono/client'
import type { SeriesEdit, SeriesInput } from '#shared/schemas/series.ts'
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
