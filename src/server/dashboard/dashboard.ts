import { inArray, sql } from 'drizzle-orm'
import { LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { Dashboard, DashboardRange } from '#shared/schemas/dashboard.ts'
import type { Db } from '../db/client.ts'
import { eventMetCounts } from '../db/schema/events.ts'
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
 * end of each week per language (a running sum from the first counted week), confirmations and
 * departures; and the pending addresses now.
 */
async function newsletterFigures(db: Db, weeks: string[]) {
  const from = weeks[0] ?? ''
  const to = weeks.at(-1) ?? ''
  const languages = sql.raw(`array[${LANGUAGE_CODES.map((code) => `'${code}'`).join(', ')}]`)
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
          ), grid as (
            select w::date as week, l as language
              from generate_series(least(${from}::date, (select min(week) from weekly)), ${to}::date,
                                   interval '7 days') as w,
                   unnest(${languages}) as l
          ), running as (
            select g.week, g.language, c.confirmed, c.unsubscribed,
                   sum(coalesce(c.net, 0)) over (partition by g.language order by g.week) as total
              from grid g left join weekly c on c.week = g.week and c.language = g.language
          )
          select to_char(week, 'YYYY-MM-DD') as "week", language as "language",
                 coalesce(confirmed, 0)::int as "confirmed",
                 coalesce(unsubscribed, 0)::int as "unsubscribed",
                 total::int as "total"
            from running where week >= ${from}::date`,
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

/** The welcome e-mails (decision 0090), each with how many went into the outbox in the range. */
function welcomeFigures(db: Db, from: string) {
  return query<Dashboard['welcome'][number]>(
    db,
    sql`select e.position as "position", e.delay_days as "delayDays",
               count(d.email_id) filter (where d.queued_at >= ${startOf(from)})::int as "sent"
          from newsletter_welcome_emails e
          left join newsletter_welcome_deliveries d on d.email_id = e.id
         group by e.id, e.position, e.delay_days
         order by e.position`,
  )
}

const MET_LOCK = sql`select pg_advisory_xact_lock(hashtext('lendulet:event-met-counts'))`

/**
 * Met someone new (decision 0038): at each of these evenings, how many sat at a table, in a
 * started round, with someone they had not sat with at any evening that began earlier (counted
 * once per person); and the new pairs: two who sat together there for the first time ever (counted
 * once per pair, decision 87). Only the people of these evenings and their own earlier seats are
 * read.
 */
/** Event ids as a list for `in (...)`. */
const ids = (eventIds: string[]) =>
  sql.join(
    eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )

function countMetSomeoneNew(db: Db, eventIds: string[]) {
  return query<{ id: string; n: number; pairs: number }>(
    db,
    sql`with target as (
          select id, start_time from events where id in (${ids(eventIds)})
        ), people as (
          select distinct a.user_id
            from event_table_assignments a
            join event_rounds r on r.id = a.round_id and r.started
           where r.event_id in (select id from target)
        ), seats as (
          select r.event_id, e.start_time, a.round_id, a.table_id, a.user_id
            from event_table_assignments a
            join event_rounds r on r.id = a.round_id and r.started
            join events e on e.id = r.event_id
           where a.user_id in (select user_id from people)
             and e.start_time <= (select max(start_time) from target)
        ), pairs as (
          select s.event_id, s.start_time, s.user_id as person, o.user_id as other
            from seats s
            join seats o on o.round_id = s.round_id and o.table_id = s.table_id and o.user_id <> s.user_id
        ), firsts as (
          select event_id, person, other,
                 start_time = min(start_time) over (partition by person, other) as first
            from pairs
        )
        select t.id as "id", (count(distinct f.person) filter (where f.first))::int as "n",
               (count(distinct least(f.person, f.other) || ' ' || greatest(f.person, f.other))
                  filter (where f.first))::int as "pairs"
          from target t left join firsts f on f.event_id = t.id
         group by t.id`,
  )
}

interface MetFigures {
  metSomeoneNew: number
  newPairs: number
}

/**
 * The kept "met someone new" and new pairs of these evenings; those not kept (new, forgotten by a
 * change to their seats or an earlier evening's, or kept before new pairs were counted) are
 * counted and kept, under the lock the changes take.
 */
async function metSomeoneNew(db: Db, eventIds: string[]): Promise<Map<string, MetFigures>> {
  if (eventIds.length === 0) return new Map()
  const kept = await db
    .select({
      id: eventMetCounts.eventId,
      metSomeoneNew: eventMetCounts.metSomeoneNew,
      newPairs: eventMetCounts.newPairs,
    })
    .from(eventMetCounts)
    .where(inArray(eventMetCounts.eventId, eventIds))
  const figures = new Map<string, MetFigures>()
  for (const row of kept)
    if (row.newPairs !== null)
      figures.set(row.id, { metSomeoneNew: row.metSomeoneNew, newPairs: row.newPairs })
  const missing = eventIds.filter((id) => !figures.has(id))
  if (missing.length === 0) return figures
  await db.transaction(async (tx) => {
    await tx.execute(MET_LOCK)
    const counted = await countMetSomeoneNew(tx, missing)
    await tx
      .insert(eventMetCounts)
      .values(
        counted.map((row) => ({ eventId: row.id, metSomeoneNew: row.n, newPairs: row.pairs })),
      )
      .onConflictDoUpdate({
        target: eventMetCounts.eventId,
        set: {
          metSomeoneNew: sql`excluded.met_someone_new`,
          newPairs: sql`excluded.new_pairs`,
          countedAt: sql`now()`,
        },
      })
    for (const row of counted) figures.set(row.id, { metSomeoneNew: row.n, newPairs: row.pairs })
  })
  return figures
}

/**
 * Mutual klikks of these evenings: pairs who picked each other there, neither having blocked the
 * other (as klikk/queries/mutual-picks.ts reads a match), counted once per pair.
 */
function mutualKlikks(db: Db, eventIds: string[]) {
  return query<{ id: string; n: number }>(
    db,
    sql`select p.event_id as "id", count(*)::int as "n"
          from klikk_picks p
          join klikk_picks o on o.event_id = p.event_id and o.picker_id = p.picked_id
                            and o.picked_id = p.picker_id
         where p.event_id in (${ids(eventIds)}) and p.picker_id < p.picked_id
           and not exists (select 1 from klikk_blocks b
                            where (b.blocker_id = p.picker_id and b.blocked_id = p.picked_id)
                               or (b.blocker_id = p.picked_id and b.blocked_id = p.picker_id))
         group by p.event_id`,
  )
}

/**
 * How each of these evenings felt (decision 87): the number of answers, their average, and the
 * comments, each whole. Read without any member: sorted by their text, so not even the order says
 * who wrote one, or when.
 */
async function feedbackOf(db: Db, eventIds: string[]) {
  const rows = await query<{
    id: string
    answers: number
    average: number | null
    comments: string[] | null
  }>(
    db,
    sql`select event_id as "id", count(*)::int as "answers",
               round(avg(rating), 2)::float8 as "average",
               array_agg(comment order by comment collate "C") filter (where comment is not null)
                 as "comments"
          from klikk_feedback
         where event_id in (${ids(eventIds)})
         group by event_id`,
  )
  return new Map(
    rows.map((row) => [
      row.id,
      { answers: row.answers, average: row.average, comments: row.comments ?? [] },
    ]),
  )
}

/**
 * Evenings that began in the range. Registered: held a place (registered, or came in without
 * registering; not the waiting list). Present: checked in at the door. Absent: held a place and
 * never checked in. No-shows: recorded at its end and not cleared by the host (decision 0091). Met someone new and new pairs: see metSomeoneNew. Mutual klikks and how the
 * evening felt (issue 40): see mutualKlikks and feedbackOf.
 */
async function eveningFigures(db: Db, from: string): Promise<Dashboard['evenings']> {
  const evenings = await query<
    Omit<Dashboard['evenings'][number], 'metSomeoneNew' | 'newPairs' | 'mutualKlikks' | 'feedback'>
  >(
    db,
    sql`select e.id as "id", e.event_name as "eventName", ${iso(sql`e.start_time`)} as "startTime",
               case when e.ended_at is null then null else ${iso(sql`e.ended_at`)} end as "endedAt",
               count(p.user_id) filter (where p.status in ('registered', 'present', 'absent'))::int as "registered",
               count(p.user_id) filter (where p.status in ('registered', 'present', 'absent')
                                          and p.checked_in_at is not null)::int as "present",
               count(p.user_id) filter (where p.status in ('registered', 'absent')
                                          and p.checked_in_at is null)::int as "absent",
               (select count(*) from event_no_shows ns
                 where ns.event_id = e.id and ns.cleared_at is null)::int as "noShows"
          from events e
          left join event_participants p on p.event_id = e.id
         where e.start_time >= ${startOf(from)} and e.start_time <= now()
         group by e.id
         order by e.start_time, e.id`,
  )
  if (evenings.length === 0) return []
  const eventIds = evenings.map((evening) => evening.id)
  const [met, klikks, feedback] = await Promise.all([
    metSomeoneNew(db, eventIds),
    mutualKlikks(db, eventIds),
    feedbackOf(db, eventIds),
  ])
  const klikksOf = new Map(klikks.map((row) => [row.id, row.n]))
  return evenings.map((evening) => ({
    ...evening,
    metSomeoneNew: met.get(evening.id)?.metSomeoneNew ?? 0,
    newPairs: met.get(evening.id)?.newPairs ?? 0,
    mutualKlikks: klikksOf.get(evening.id) ?? 0,
    feedback: feedback.get(evening.id) ?? { answers: 0, average: null, comments: [] },
  }))
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
  const [newsletter, welcome, campaigns, evenings, accounts] = await Promise.all([
    newsletterFigures(db, weeks),
    welcomeFigures(db, from),
    campaignFigures(db, from),
    eveningFigures(db, from),
    newAccounts(db, weeks),
  ])
  return {
    range,
    weeks,
    newsletter,
    welcome,
    campaigns,
    evenings,
    members: { newAccounts: accounts },
  }
}
