import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client.ts'
import { query } from '../db/transfer/catalog.ts'
import { seedConfirmedSubscribers } from './seed-subscribers.ts'

export interface DashboardSiteSize {
  /** Confirmed subscribers now (and 1 pending for every 20 of them). */
  subscribers: number
  /** Evenings held, one a week going back from last week. */
  evenings: number
  /** Members with accounts, made over the same weeks; they sit at the evenings. */
  members: number
  /** Present at each evening, at tables of six, in four started rounds. */
  present: number
  /** Campaigns, one every other week: the latest four with their recipients, older ones as figures. */
  campaigns: number
}

/**
 * A site with a history for the dashboard, written straight into the embedded database in
 * `dataDir` (made and migrated if new) while no server has it open: the subscribers, two years of
 * the newsletter's daily counts, members who joined over the weeks, weekly evenings with seats in
 * four rounds (partners rotating, so some meet anew and some again), and campaigns.
 */
export async function seedDashboardSite(dataDir: string, size: DashboardSiteSize): Promise<void> {
  await seedConfirmedSubscribers(dataDir, size.subscribers)
  const database = await openDatabase({ dataDir })
  const run = (statement: ReturnType<typeof sql>) => query(database.db, statement)
  try {
    const weeks = Math.max(size.evenings, 104)
    await run(sql`
      insert into newsletter_subscribers (email, language)
      select 'pending-' || i || '@example.com', (array['hu','en','es','de'])[1 + i % 4]
        from generate_series(1, ${Math.ceil(size.subscribers / 20)}) as i`)
    // Counted history before today: a few confirmations and the odd departure a day.
    await run(sql`
      insert into newsletter_daily_counts (day, language, kind, count)
      select current_date - d, l, k, case when k = 'confirmed' then (d * 7 + length(l)) % 9 else (d + length(l)) % 3 end
        from generate_series(1, ${weeks * 7}) as d,
             unnest(array['hu','en','es','de']) as l,
             unnest(array['confirmed','unsubscribed']) as k
      on conflict do nothing`)
    await run(sql`
      insert into "user" (id, name, email, email_verified, created_at)
      select 'dash-' || i, 'Member ' || i, 'dash-member-' || i || '@example.com', true,
             now() - make_interval(days => (i * ${weeks * 7}) / ${size.members})
        from generate_series(1, ${size.members}) as i`)
    await run(sql`
      insert into profiles (id, full_name, email, user_code)
      select 'dash-' || i, 'Member ' || i, 'dash-member-' || i || '@example.com', 'D' || lpad(i::text, 6, '0')
        from generate_series(1, ${size.members}) as i`)
    await run(sql`
      insert into events (event_name, start_time, duration, ended_at)
      select 'Klikk-est ' || w, now() - make_interval(weeks => w), 150, now() - make_interval(weeks => w) + interval '150 minutes'
        from generate_series(1, ${size.evenings}) as w`)
    // Each evening: `present` members from a window that slides through the members, 4 absent.
    await run(sql`
      insert into event_participants (event_id, user_id, status, checked_in_at)
      select e.id, 'dash-' || (1 + (w * 7 + p) % ${size.members}),
             case when p < ${size.present} then 'present' else 'registered' end,
             case when p < ${size.present} then e.start_time end
        from (select id, start_time, row_number() over (order by start_time) as w from events) e,
             generate_series(0, ${size.present + 3}) as p`)
    const tables = Math.ceil(size.present / 6)
    await run(sql`
      insert into event_tables (event_id, table_name, capacity_full, capacity_actual)
      select e.id, 'Asztal ' || t, 6, 6 from events e, generate_series(1, ${tables}) as t`)
    await run(sql`
      insert into event_rounds (event_id, round_number, started, finished, started_at)
      select e.id, r, true, true, e.start_time + make_interval(mins => 30 * r)
        from events e, generate_series(1, 4) as r`)
    await run(sql`
      insert into event_table_assignments (round_id, table_id, user_id)
      select r.id, t.id, p.user_id
        from event_rounds r
        join (select event_id, user_id, row_number() over (partition by event_id order by user_id) - 1 as seat
                from event_participants where status = 'present') p on p.event_id = r.event_id
        join (select id, event_id, row_number() over (partition by event_id order by table_name) - 1 as n
                from event_tables) t
          on t.event_id = r.event_id and t.n = (p.seat + p.seat / ${tables} * r.round_number) % ${tables}`)
    await run(sql`
      insert into newsletter_campaigns (status, content, started_at, finished_at, recipients_written, final_stats)
      select 'sent', jsonb_build_object('hu', jsonb_build_object('subject', 'Hírlevél ' || c, 'body', '.')),
             now() - make_interval(weeks => 2 * c), now() - make_interval(weeks => 2 * c), true,
             case when c > 4 then jsonb_build_object('audience', 9000, 'queued', 0, 'sent', 8900 - c,
               'failed', c, 'bounced', 100, 'unsubscribed', 20 + c) end
        from generate_series(1, ${size.campaigns}) as c`)
    await run(sql`
      insert into newsletter_campaign_recipients (campaign_id, subscriber_id, email, language, status, sent_at, unsubscribed_at)
      select c.id, s.id, s.email, s.language,
             case when abs(hashtext(s.email)) % 100 = 0 then 'bounced'
                  when abs(hashtext(s.email)) % 250 = 1 then 'failed' else 'sent' end,
             c.started_at,
             case when abs(hashtext(s.email || c.id)) % 200 = 0 then c.started_at end
        from newsletter_campaigns c, newsletter_subscribers s
       where c.final_stats is null and s.verified`)
  } finally {
    await database.close()
  }
}
