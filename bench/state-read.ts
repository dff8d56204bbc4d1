/**
 * Only the klikkscreen state read against a bare node:http server (the second row of benchLive),
 * several times back to back on one server, with the load average before each run: the machine is
 * shared, so a single ratio says little and the median of a few says more.
 *
 *   node bench/state-read.ts                       5 runs (BENCH_STATE_RUNS=n for n)
 *   BENCH_NODE_OPTIONS=--cpu-prof BENCH_CPU_PROF_DIR=/tmp/prof node bench/state-read.ts
 *                                                  and a profile of the server, read with
 *   node bench/cpu-profile.ts /tmp/prof/*.cpuprofile
 *
 * Each run also gives the server's CPU time per state read (from /proc, Linux only): the cost of
 * a request seen from the server, not from the race with the bare server. It too grows on a busy
 * machine, and with fewer requests per turn of the server's event loop.
 *
 * The server is set up as benchLive sets it up (an admin, an evening with a round of one table,
 * the round started), without the 2,000 live streams before the reads.
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { seedEvening } from '#server/test/seed-evening.ts'
import { signUpBenchAdmin, startBenchSite } from './live-clients.ts'
import { stateReadVsBare } from './live.ts'

const runs = Number(process.env.BENCH_STATE_RUNS) || 5
const profileDir = process.env.BENCH_CPU_PROF_DIR
if (profileDir && process.env.BENCH_NODE_OPTIONS?.includes('--cpu-prof'))
  process.env.BENCH_NODE_OPTIONS += ` --cpu-prof-dir=${profileDir}`

/** The CPU time (user and system) a process has used so far, in µs (Linux: /proc/PID/stat). */
function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
  } catch {
    return Number.NaN
  }
}
/** Linux's USER_HZ, the unit of /proc/PID/stat's times: 100 on every common build. */
const CLOCK_TICKS = 100

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const { mail, server, origin, stop } = await startBenchSite('state-read')
try {
  const { admin, userCode } = await signUpBenchAdmin(origin, mail)
  const evening = await seedEvening(
    async (path, body = {}) => (await admin.call(path, body)).json(),
    { eventName: 'Bench evening', tables: [{ name: 'T', seats: 8 }], present: [userCode] },
  )
  await admin.call(`/api/admin/events/${evening.eventId}/rounds/${evening.roundId}/start`, {})

  const ratios: number[] = []
  const cpuPerRequest: number[] = []
  console.log('run | load avg (1 min) | ours req/s | bare req/s | ratio | server CPU µs/request')
  for (let run = 1; run <= runs; run++) {
    const load = loadavg()[0] ?? 0
    const cpuBefore = cpuMicros(server.child.pid)
    const { ours, baseline, ratio, served } = await stateReadVsBare(
      server.port,
      evening.eventId,
      admin,
    )
    // The server is idle while the bare one is measured: its CPU time is the state reads'.
    const cpu = (cpuMicros(server.child.pid) - cpuBefore) / served.ok
    ratios.push(ratio)
    cpuPerRequest.push(cpu)
    console.log(
      `${run} | ${load.toFixed(2)} | ${ours.toFixed(0)} | ${baseline.toFixed(0)} | ${ratio.toFixed(2)} | ${cpu.toFixed(0)}`,
    )
  }
  const range = (values: number[], digits: number) =>
    `${median(values).toFixed(digits)} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`
  console.log(`median ratio ${range(ratios, 2)} over ${runs} runs`)
  console.log(`median server CPU per state read ${range(cpuPerRequest, 0)} µs`)
} finally {
  await stop()
}
