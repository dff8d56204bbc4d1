import { spawn, type ChildProcess } from 'node:child_process'
import { serverNodeFlags, serverProcessEnv } from '#server/test/server-node-flags.ts'
import { buildServer } from '../scripts/build-server.ts'

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** Milliseconds from spawn until the server answered /api/health. */
  readyMs: number
  stop(): Promise<void>
}

/**
 * The server as production runs it: `npm run build`'s bundle, built again once per bench run so
 * that it is never older than the source (decision 60).
 */
let bundle: Promise<string> | undefined
export const serverBundle = () => (bundle ??= buildServer())

/**
 * Starts the real server as production does (the bundle, with the Node flags of package.json's
 * serve script) and
 * measures how long it takes until /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const mainPath = await serverBundle()
  const started = performance.now()
  const child = spawn(process.execPath, [...serverNodeFlags(), mainPath], {
    env: {
      PATH: process.env.PATH,
      ...serverProcessEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      // BENCH_NODE_OPTIONS=--cpu-prof: a profile of the server, to see where its time goes.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    // Only the lines up to the ready one are kept and searched: the server logs a line per
    // request, and keeping (and searching) all of them made this process, which also sends the
    // load, slower the more the server answered (decision 0036).
    let output = ''
    const untilReady = (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(/ready on http:\/\/localhost:(\d+)/)
      if (!match?.[1]) return
      child.stdout.off('data', untilReady)
      child.stdout.resume()
      output = ''
      resolve(Number(match[1]))
    }
    child.stdout.on('data', untilReady)
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)))
  })
  // BENCH_SERVER_LOG=1: the server's log lines, to look into a slow or stuck measure.
  if (process.env.BENCH_SERVER_LOG) child.stdout?.pipe(process.stderr)
  const health = await fetch(`http://127.0.0.1:${port}/api/health`)
  if (!health.ok) throw new Error(`health answered ${health.status}`)
  const readyMs = performance.now() - started
  return {
    child,
    port,
    readyMs,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
