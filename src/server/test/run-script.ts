import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** For tests: runs one of scripts/ (db-move.ts ...) as `npm run` would, and collects its output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 150_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const path = fileURLToPath(new URL(`../../../scripts/${script}`, import.meta.url))
  const child = spawn(process.execPath, [path, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    }),
  )
}
