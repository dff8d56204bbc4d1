import { readFileSync, writeFileSync } from 'node:fs'

/**
 * Resident memory of a process, from Linux's /proc/<pid>/status: what a memory limit counts (a
 * cgroup, the OOM killer on a small server). Both figures are the whole process's, its worker
 * threads included (the mixer's, PGlite's): threads share the process's memory.
 */
export interface ResidentMemory {
  /** VmRSS: resident now, in MB. */
  rssMb: number
  /**
   * VmHWM: the kernel's own high-water mark of resident memory, in MB: the process's lifetime
   * peak, exact even between two samples, until resetPeak forgets it.
   */
  hwmMb: number
  /**
   * RssAnon: the part of the resident memory that is the process's own (heaps, PGlite's memory),
   * in MB; the rest is mostly the Node program's file pages, which every process of it shares.
   */
  anonMb: number
}

/** The process's resident memory now, or undefined once it is gone. */
export function readResidentMemory(pid: number): ResidentMemory | undefined {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const mb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024
  const memory = { rssMb: mb('VmRSS'), hwmMb: mb('VmHWM'), anonMb: mb('RssAnon') }
  // A process that has exited but not yet been reaped (a zombie) has no memory lines.
  return Number.isNaN(memory.rssMb) ? undefined : memory
}

export interface MemorySample {
  /** Milliseconds since sampling started. */
  atMs: number
  rssMb: number
}

export interface MemorySampler {
  /** Every sample, oldest first. */
  readonly samples: readonly MemorySample[]
  /** Resident memory at the latest sample, in MB. */
  readonly currentMb: number
  /**
   * The highest resident memory since sampling started (or since resetPeak), in MB: the kernel's
   * high-water mark, which also catches a spike shorter than the sampling interval.
   */
  readonly peakMb: number
  /**
   * Starts a new peak from the memory resident now (writes 5 to /proc/<pid>/clear_refs, Linux
   * 4.0+): for the peak of one phase, say a campaign, after the start's higher one. Once the
   * process is gone, changes nothing.
   */
  resetPeak(): void
  /** Samples in [fromMs, toMs) since the start (toMs: up to now). */
  between(fromMs: number, toMs?: number): MemorySample[]
  /** Takes a last sample and stops. */
  stop(): void
}

/**
 * Samples a process's resident memory every `intervalMs` until it exits or stop() is called.
 * With `limitMb`, `onOverLimit` is called once, at the first sample whose resident memory or
 * high-water mark passed it: a watchdog, as a small server's memory limit would be.
 */
export function sampleMemory(
  pid: number,
  {
    intervalMs = 50,
    limitMb,
    onOverLimit,
  }: {
    intervalMs?: number
    limitMb?: number
    onOverLimit?: (memory: ResidentMemory, atMs: number) => void
  } = {},
): MemorySampler {
  const started = performance.now()
  const samples: MemorySample[] = []
  let current = Number.NaN
  // The high-water mark of the latest read; a sampled maximum in case the process is gone.
  let hwm = Number.NaN
  let sampledPeak = Number.NaN
  let overLimit = false

  function sample() {
    const memory = readResidentMemory(pid)
    if (!memory) return stopTimer()
    const atMs = performance.now() - started
    samples.push({ atMs, rssMb: memory.rssMb })
    current = memory.rssMb
    hwm = memory.hwmMb
    sampledPeak = Number.isNaN(sampledPeak) ? memory.rssMb : Math.max(sampledPeak, memory.rssMb)
    if (limitMb !== undefined && !overLimit && Math.max(memory.rssMb, memory.hwmMb) > limitMb) {
      overLimit = true
      onOverLimit?.(memory, atMs)
    }
  }
  const timer = setInterval(sample, intervalMs).unref()
  const stopTimer = () => clearInterval(timer)
  sample()

  return {
    samples,
    get currentMb() {
      return current
    },
    get peakMb() {
      // Read afresh while the process runs: the peak may have come after the latest sample.
      const memory = readResidentMemory(pid)
      if (memory) hwm = memory.hwmMb
      return Number.isNaN(hwm) ? sampledPeak : Math.max(hwm, sampledPeak)
    },
    resetPeak() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5')
      } catch {
        return // the process is gone: its peak stays what it was
      }
      sampledPeak = Number.NaN
      sample()
    },
    between: (fromMs, toMs = Infinity) => samples.filter((s) => s.atMs >= fromMs && s.atMs < toMs),
    stop() {
      sample()
      stopTimer()
    },
  }
}

/** The median resident memory of some samples, in MB (NaN for none): a level under GC's sawtooth. */
export function medianRss(samples: readonly MemorySample[]): number {
  const sorted = samples.map((s) => s.rssMb).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
