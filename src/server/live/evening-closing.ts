import { sql } from 'drizzle-orm'
import type { EveningClosing } from '#shared/live-state.ts'
import type { Db, Tx } from '../db/client.ts'
import { query } from '../db/transfer/catalog.ts'

/**
 * An evening's closing figures (decision 63): how many sat at a table in a started round,
 * how many rounds started, and the new acquaintances: distinct pairs of people who sat at one
 * table in some started round tonight and had never sat at one table at an evening that began
 * earlier. A pair who met in two rounds tonight counts once. Counts only: no names.
 */
export async function closingFigures(db: Db | Tx, eventId: string): Promise<EveningClosing> {
  const [row] = await query<EveningClosing>(
    db,
    sql`with tonight as (
          select a.round_id, a.table_id, a.user_id
            from event_table_assignments a
            join event_rounds r on r.id = a.round_id and r.started
           where r.event_id = ${eventId}::uuid
        ), pairs as (
          select distinct s.user_id as a, o.user_id as b
            from tonight s
            join tonight o on o.round_id = s.round_id and o.table_id = s.table_id and s.user_id < o.user_id
        ), earlier as (
          select a.round_id, a.table_id, a.user_id
            from event_table_assignments a
            join event_rounds r on r.id = a.round_id and r.started
            join events e on e.id = r.event_id
           where e.id <> ${eventId}::uuid
             and e.start_time < (select start_time from events where id = ${eventId}::uuid)
             and a.user_id in (select user_id from tonight)
        )
        select (select count(distinct user_id) from tonight)::int as "people",
               (select count(*) from event_rounds where event_id = ${eventId}::uuid and started)::int as "rounds",
               (select count(*) from pairs p
                 where not exists (
                   select 1 from earlier x
                     join earlier y on y.round_id = x.round_id and y.table_id = x.table_id
                    where x.user_id = p.a and y.user_id = p.b))::int as "newAcquaintances"`,
  )
  return row ?? { people: 0, rounds: 0, newAcquaintances: 0 }
}
