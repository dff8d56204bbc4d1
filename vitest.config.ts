import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/server/test/setup.ts'],
    // Safety nets, not speed checks: tests that start server processes run on two loaded cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file opens its own database. Three at once on two cores: the longest files wait on
    // clocks (a lease running out, a killed server's restart), and a third file uses the cores
    // meanwhile (quiet, whole suite: 383 against 470 s on PGlite, 392 against 427 s on PostgreSQL).
    maxWorkers: 3,
    // The embedded database's WebAssembly runs as the server runs it (decision 0035): without
    // V8's optimising tier, which takes hundreds of MB per worker to compile PostgreSQL.
    execArgv: ['--liftoff-only'],
  },
})
