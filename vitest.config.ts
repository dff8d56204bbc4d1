import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/server/test/setup.ts'],
    // Safety nets, not speed checks: tests that start server processes run on two loaded cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at once fit this machine's two cores.
    maxWorkers: 2,
    // The embedded database's WebAssembly runs as the server runs it (decision 0035): without
    // V8's optimising tier, which takes hundreds of MB per worker to compile PostgreSQL.
    execArgv: ['--liftoff-only'],
  },
})
