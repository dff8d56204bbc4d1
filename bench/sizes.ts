/**
 * BENCH_QUICK=1: every part at a small size (CI runs it after the tests, to show that the whole
 * bench runs from start to end; its figures are not measurements). Without it, the sizes the
 * targets are about.
 */
export const QUICK = process.env.BENCH_QUICK === '1'

/** `full`, or `quick` under BENCH_QUICK=1. */
export const sized = <T>(full: T, quick: T): T => (QUICK ? quick : full)
