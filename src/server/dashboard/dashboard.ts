import { sql } from 'drizzle-orm'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { Dashboard, DashboardRange } from '#shared/schemas/dashboard.ts'
import type { Db } from '../db/client.ts'
import { query } from '../db/transfer/catalog.ts'

/** Weeks are ISO weeks (Monday to Sunday) on Budapest's calendar, whatever the server's zone. */
const TIME_ZONE = 'Europe/Budapest'
const WEEKS_BACK: Record<Exclude<DashboardRange, 'all'>, number> = { '4w': 3, '12w': 11 }
const DAY_MS = 24 * 60 * 60_000

/** 'YYYY-MM-DD' plus some days, on the calendar (no zone involved). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The Monday of the week `day` is in. */
const mondayOf = (day: string) =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))

/** The start of a Budapest day, as the timestamp to compare columns with. */
const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone ${TIME_ZONE}`
const weekOf = (column: unknown) =>
  sql`to_char(date_trunc('week', ${column} at time zone ${TIME_ZONE}), 'YYYY-MM-DD')`
const iso = (column: unknown) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** This week's Monday, and the first day anything happened (null on an empty site). */
async function calendar(db: Db) {
  const [row] = await query<{ thisWeek: string; firstDay: string | null }>(
    db,
    sql`select to_char(date_trunc('week', now() at time zone ${TIME_ZONE}), 'YYYY-MM-DD') as "thisWeek",
               to_char(least(
                 (select min(day) from newsletter_daily_counts),
                 (select min(created_at at time zone ${TIME_ZONE}) from "user"),
                 (select min(start_time at time zone ${TIME_ZONE}) from events where start_time <= now()),
                 (select min(started_at at time zone ${TIME_ZONE}) from newsletter_campaigns)
               ), 'YYYY-MM-DD') as "firstDay"`,
  )
  if (!row) throw new Error('dashboard: no calendar row')
  return row
}

/** The weeks of the range, oldest first, each as its Monday. */
function weeksOf(range: DashboardRange, thisWeek: string, firstDay: string | null): string[] {
  const first =
    range === 'all'
      ? firstDay && firstDay < thisWeek
        ? mondayOf(firstDay)
        : thisWeek
      : addDays(thisWeek, -7 * WEEKS_BACK[range])
  const weeks: string[] = []
  for (let week = first; week <= thisWeek; week = addDays(week, 7)) weeks.push(week)
  return weeks
}

/** One figure per week, 0 where a week has none. */
const perWeek = (weeks: string[], rows: { week: string; n: number }[]) => {
  const byWeek = new Map(rows.map((row) => [row.week, row.n]))
  return weeks.map((week) => byWeek.get(week) ?? 0)
}

/**
 * The newsletter per week, from the daily counters (decision 0038): confirmed subscribers at the
 * end of each week per language (a running sum from the first counted day), confirmations and
 * departures; and the pending addresses now.
 */
async function newsletterFigures(db: Db, weeks: string[]) {
  const from = weeks[0] ?? ''
  const to = weeks.at(-1) ?? ''
  const [rows, [pending]] = await Promise.all([
    query<{
      week: string
      language: Language
      confirmed: number
      unsubscribed: number
      total: number
    }>(
      db,
      sql`with weekly as (
            select date_trunc('week', day::timestamp)::date as week, language,
                   sum(count) filter (where kind = 'confirmed') as confirmed,
                   sum(count) filter (where kind = 'unsubscribed') as unsubscribed,
                   sum(case when kind in ('confirmed', 'language_in') then count else -count end) as net
              from newsletter_daily_counts
             group by 1, 2
          ), weeks as (
            select generate_series(${from}::date, ${to}::date, interval '7 days')::date as week
          )
          select to_char(w.week, 'YYYY-MM-DD') as "week", l.language as "language",
                 coalesce(c.confirmed, 0)::int as "confirmed",
                 coalesce(c.unsubscribed, 0)::int as "unsubscribed",
                 (select coalesce(sum(p.net), 0) from weekly p
                   where p.language = l.language and p.week <= w.week)::int as "total"
            from weeks w
           cross join unnest(${sql.raw(`array[${LANGUAGE_CODES.map((code) => `'${code}'`).join(', ')}]`)}) as l(language)
            left join weekly c on c.week = w.week and c.language = l.language`,
    ),
    query<{ n: number }>(
      db,
      sql`select count(*)::int as "n" from newsletter_subscribers where not verified`,
    ),
  ])
  const sumPerWeek = (pick: (row: (typeof rows)[number]) => number) =>
    weeks.map((week) => rows.filter((row) => row.week === week).reduce((n, r) => n + pick(r), 0))
  return {
    confirmed: LANGUAGE_CODES.map((language) => ({
      language,
      weeks: perWeek(
        weeks,
        rows
          .filter((row) => row.language === language)
          .map((row) => ({ week: row.week, n: Math.max(0, row.total) })),
      ),
    })),
    confirmations: sumPerWeek((row) => row.confirmed),
    unsubscribes: sumPerWeek((row) => row.unsubscribed),
    pending: pending?.n ?? 0,
  }
}

/**
 * Campaigns that started in the range, with their figures: counted from the recipients, or the
 * figures kept on the campaign once its delivery record was deleted (a year after it ended).
 */
function campaignFigures(db: Db, from: string) {
  return query<Dashboard['campaigns'][number]>(
    db,
    sql`select c.id as "id", coalesce(c.content->'hu'->>'subject', '') as "subject",
               ${iso(sql`c.started_at`)} as "startedAt",
               coalesce((c.final_stats->>'sent')::int, r.sent) as "sent",
               coalesce((c.final_stats->>'failed')::int, r.failed) as "failed",
               coalesce((c.final_stats->>'bounced')::int, r.bounced) as "bounced",
               coalesce((c.final_stats->>'unsubscribed')::int, r.unsubscribed) as "unsubscribed"
          from newsletter_campaigns c
          cross join lateral (
            select count(*) filter (where status = 'sent')::int as sent,
                   count(*) filter (where status = 'failed')::int as failed,
                   count(*) filter (where status = 'bounced')::int as bounced,
                   count(unsubscribed_at)::int as unsubscribed
              from newsletter_campaign_recipients where campaign_id = c.id
          ) r
         where c.started_at >= ${startOf(from)}
         order by c.started_at, c.id`,
  )
}

/**
 * Evenings that began in the range. Registered: held a place (registered, or came in without
 * registering; not the waiting list). Present: checked in at the door. Absent: held a place and
 * never checked in. Met someone new (decision 0038): sat at a table, in a started round, with
 * someone she had not sat with at any evening that began earlier; counted once per person.
 */
function eveningFigures(db: Db, from: string) {
  return query<Dashboard['evenings'][number]>(
    db,
    sql`with evenings as (
          select id, event_name, start_time from events
           where start_time >= ${startOf(from)} and start_time <= now()
        ), places as (
          select event_id,
                 count(*) filter (where status in ('registered', 'present', 'absent')) as registered,
                 count(*) filter (where status in ('registered', 'present', 'absent')
                                    and checked_in_at is not null) as present
            from event_participants
           where event_id in (select id from evenings)
           group by event_id
        ), seats as (
          select r.event_id, e.start_time, a.round_id, a.table_id, a.user_id
            from event_table_assignments a
            join event_rounds r on r.id = a.round_id and r.started
            join events e on e.id = r.event_id and e.start_time <= now()
        ), pairs as (
          select s.event_id, s.start_time, s.user_id as person, o.user_id as other
            from seats s
            join seats o on o.round_id = s.round_id and o.table_id = s.table_id and o.user_id <> s.user_id
        ), first_met as (
          select person, other, min(start_time) as start_time from pairs group by person, other
        ), met as (
          select p.event_id, count(distinct p.person) as n
            from pairs p
            join first_met f on f.person = p.person and f.other = p.other and f.start_time = p.start_time
           where p.event_id in (select id from evenings)
           group by p.event_id
        )
        select e.id as "id", e.event_name as "eventName", ${iso(sql`e.start_time`)} as "startTime",
               coalesce(p.registered, 0)::int as "registered",
               coalesce(p.present, 0)::int as "present",
               coalesce(p.registered - p.present, 0)::int as "absent",
               coalesce(m.n, 0)::int as "metSomeoneNew"
          from evenings e
          left join places p on p.event_id = e.id
          left join met m on m.event_id = e.id
         order by e.start_time, e.id`,
  )
}

/** Accounts made in each week of the range (that still exist: a deleted account leaves nothing). */
async function newAccounts(db: Db, weeks: string[]) {
  const rows = await query<{ week: string; n: number }>(
    db,
    sql`select ${weekOf(sql`created_at`)} as "week", count(*)::int as "n"
          from "user" where created_at >= ${startOf(weeks[0] ?? '')}
         group by 1`,
  )
  return perWeek(weeks, rows)
}

/** GET /api/admin/dashboard: every figure of the owner's dashboard, for one time range. */
export async function readDashboard(db: Db, range: DashboardRange): Promise<Dashboard> {
  const { thisWeek, firstDay } = await calendar(db)
  const weeks = weeksOf(range, thisWeek, firstDay)
  const from = weeks[0] ?? thisWeek
  const [newsletter, campaigns, evenings, accounts] = await Promise.all([
    newsletterFigures(db, weeks),
    campaignFigures(db, from),
    eveningFigures(db, from),
    newAccounts(db, weeks),
  ])
  return { range, weeks, newsletter, campaigns, evenings, members: { newAccounts: accounts } }
}
