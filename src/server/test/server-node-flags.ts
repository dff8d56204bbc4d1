import { readFileSync } from 'node:fs'

const SERVER_SCRIPT = 'src/server/main.ts'

/** The Node and V8 flags between `node` and the server's script in a command line. */
export function nodeFlagsOf(command: string): string[] {
  const words = command.split(/\s+/)
  const script = words.lastIndexOf(SERVER_SCRIPT)
  const node = words.findLastIndex((word, index) => index < script && /(^|\/)node$/.test(word))
  if (script < 0 || node < 0) throw new Error(`no "node … ${SERVER_SCRIPT}" in: ${command}`)
  return words.slice(node + 1, script)
}

/**
 * The flags production runs the server with (`npm run serve`, decision 0035): tests and
 * benchmarks that start the real server start it the same way, so that what they measure is
 * what a site runs.
 */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { scripts: Record<string, string> }
  const serve = pkg.scripts.serve
  if (!serve) throw new Error('package.json has no "serve" script')
  return nodeFlagsOf(serve)
}
