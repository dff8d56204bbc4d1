/**
 * The owner's dashboard (issue 24): GET /api/admin/dashboard on a site with 10,000 confirmed
 * subscribers (and 500 pending), two years of newsletter counts, 600 members, 100 weekly evenings
 * of 24 people in four seated rounds, and 20 campaigns (the latest four with 10,000 recipients
 * each). The first read, which counts and keeps every evening's "met someone new"; then the
 * median and p95 of 20 requests per range, after a warm-up. BENCH_QUICK=1: a small site, 5 requests.
 */
import { seedDashboardSite } from '#server/test/seed-dashboard.ts'
import { ms, percentile, signUpBenchAdmin, startBenchSite, type BenchRow } from './live-clients.ts'
import { sized } from './sizes.ts'

const SIZE = {
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? sized(10_000, 500)),
  evenings: sized(100, 10),
  members: sized(600, 60),
  present: 24,
  campaigns: sized(20, 4),
}
const RUNS = sized(20, 5)
const BUDGET_MS = 300

export async function benchDashboard(): Promise<BenchRow[]> {
  const site = await startBenchSite('dashboard', (dataDir) => seedDashboardSite(dataDir, SIZE))
  try {
    const { admin } = await signUpBenchAdmin(site.origin, site.mail)
    // The first read counts every evening's "met someone new" and keeps it (decision 0038).
    const cold = performance.now()
    await (await admin.call('/api/admin/dashboard?range=all')).arrayBuffer()
    const rows: BenchRow[] = [
      {
        measure: `dashboard, first read of all (counts ${SIZE.evenings} evenings' "met someone new")`,
        value: `${ms(performance.now() - cold)} ms`,
        target: '-',
        ok: null,
      },
    ]
    for (const range of ['12w', 'all'] as const) {
      const path = `/api/admin/dashboard?range=${range}`
      for (let i = 0; i < 3; i++) await (await admin.call(path)).arrayBuffer()
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        await (await admin.call(path)).arrayBuffer()
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      const p95 = percentile(times, 95)
      rows.push({
        measure: `dashboard, range ${range} (${SIZE.subscribers.toLocaleString('en')} subscribers, ${SIZE.evenings} evenings): median / p95`,
        value: `${ms(percentile(times, 50))} / ${ms(p95)} ms`,
        target: `p95 < ${BUDGET_MS} ms`,
        ok: p95 < BUDGET_MS,
      })
    }
    return rows
  } finally {
    await site.stop()
  }
}

// `node bench/dashboard.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchDashboard())
