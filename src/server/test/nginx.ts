import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './private-postgres.ts'

/** The deployment's configuration: its upstream and proxy rules are what the tests run. */
export const deployConfigPath = fileURLToPath(
  new URL('../../../docs/deploy/nginx.conf', import.meta.url),
)

const BEGIN = '# >>> proxy rules'
const END = '# <<< proxy rules'

/** The nginx binary if installed (Debian's package: /usr/sbin/nginx), else undefined. */
export function nginxPath(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) =>
    existsSync(path),
  )
}

/**
 * The deployment's `upstream lendulet { … }` block with its `server` lines replaced by these
 * addresses, and its proxy rules (between the markers), as a complete configuration for one
 * unprivileged nginx on a loopback port with plain HTTP. Everything else of the file (TLS, the
 * port-80 redirect) stays out.
 */
export function renderTestConfig(
  deployConfig: string,
  {
    upstreams,
    listenPort,
    dir,
    workers = 1,
  }: { upstreams: string[]; listenPort: number; dir: string; workers?: number },
): string {
  const upstream = /^upstream lendulet \{\n[\s\S]*?^\}\n/m.exec(deployConfig)?.[0]
  const begin = deployConfig.indexOf(BEGIN)
  const end = deployConfig.indexOf(END)
  if (!upstream || begin < 0 || end < begin)
    throw new Error(`${deployConfigPath}: no "upstream lendulet" block or proxy rules markers`)
  const serverLine = /^(\s*)server \S+(.*);$/m.exec(upstream)
  if (!serverLine) throw new Error(`${deployConfigPath}: the upstream has no server line`)
  const [, indent, options] = serverLine
  const servers = upstreams.map((address) => `${indent}server ${address}${options};`).join('\n')
  const renderedUpstream = upstream
    .replace(/^\s*server \S+.*;\n/gm, '')
    .replace(/^upstream lendulet \{\n/, `upstream lendulet {\n${servers}\n`)
  const rules = deployConfig.slice(begin, end)
  return standaloneConfig(
    dir,
    `${renderedUpstream}
    server {
        listen 127.0.0.1:${listenPort}${workers > 1 ? ' reuseport' : ''};
        ${rules}
    }`,
    workers,
  )
}

/** A new temporary folder for one nginx: its prefix, with the folders standaloneConfig names. */
export function nginxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-test-'))
  for (const name of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs'])
    mkdirSync(join(dir, name))
  return dir
}

/**
 * A whole configuration for an nginx that needs no root: its log and temporary files in `dir`,
 * `http` as the content of its http block. (As root, its workers stay root: they must reach
 * `dir`.)
 */
export function standaloneConfig(dir: string, http: string, workers = 1): string {
  const root = process.getuid?.() === 0
  return `# Rendered by src/server/test/nginx.ts from docs/deploy/nginx.conf.
${root ? 'user root;\n' : ''}worker_processes ${workers};
worker_rlimit_nofile 40000;
error_log ${join(dir, 'error.log')} warn;
# Each live stream holds two connections (browser and server side): room for 12,000 screens
# (the bench's cluster part has 10,000).
events {
    worker_connections 24576;
}
http {
    access_log off;
    default_type application/octet-stream;
    client_body_temp_path ${join(dir, 'client-body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};

    ${http}
}
`
}

/**
 * Whether nginx came up within `timeoutMs`: it writes its pid file once its sockets are bound
 * (so a port someone else took meanwhile does not count), and the port accepts connections.
 */
async function waitForNginx(
  pidFile: string,
  port: number,
  exited: () => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !exited()) {
    const open =
      existsSync(pidFile) &&
      (await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve(true)
        })
        socket.once('error', () => resolve(false))
      }))
    if (open) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/**
 * Runs the real nginx, unprivileged, in front of `upstreams` ("127.0.0.1:PORT"), with the proxy
 * rules of docs/deploy/nginx.conf, on a loopback port (`listenPort`, or a free one) in plain
 * HTTP. Its prefix, temporary files, configuration and error log live in a temporary folder,
 * removed by stop(). For tests and benchmarks.
 */
export async function startNginx(options: {
  upstreams: string[]
  listenPort?: number
  /**
   * Worker processes (1). Each has its own open-file limit: where the hard limit (ulimit -Hn)
   * is below worker_rlimit_nofile, several workers (`reuseport` spreads the connections over
   * them) carry more streams than one.
   */
  workers?: number
}): Promise<{ url: string; stop(): Promise<void> }> {
  const binary = nginxPath()
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx)')
  if (options.upstreams.length === 0) throw new Error('startNginx: no upstreams')
  const deployConfig = readFileSync(deployConfigPath, 'utf8')
  // A port picked here may be taken by someone else before nginx binds it: then pick again.
  const attempts = options.listenPort ? 1 : 3
  let lastError: Error | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    const listenPort = options.listenPort || (await freePort())
    const dir = nginxDir()
    const confPath = join(dir, 'nginx.conf')
    const errorLog = join(dir, 'error.log')
    const pidFile = join(dir, 'nginx.pid')
    writeFileSync(
      confPath,
      renderTestConfig(deployConfig, {
        upstreams: options.upstreams,
        listenPort,
        dir,
        workers: options.workers,
      }),
    )
    // Its own process group (detached), so that a last-resort kill reaches the workers too.
    const child = spawn(
      binary,
      ['-p', dir, '-e', errorLog, '-c', confPath, '-g', `daemon off; pid ${pidFile};`],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    const hasExited = () => child.exitCode !== null || child.signalCode !== null

    const stop = async () => {
      if (!hasExited()) {
        child.kill('SIGTERM') // fast shutdown: open connections (live streams) are closed
        const timer = setTimeout(() => {
          if (child.pid && !hasExited()) process.kill(-child.pid, 'SIGKILL')
        }, 5_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dir, { recursive: true, force: true })
    }

    if (await waitForNginx(pidFile, listenPort, hasExited, 10_000)) {
      if (!hasExited()) return { url: `http://127.0.0.1:${listenPort}`, stop }
    }
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''
    await stop()
    lastError = new Error(`nginx did not start on port ${listenPort}:\n${output}${log}`)
    if (!/Address already in use/.test(output + log)) break
  }
  throw lastError ?? new Error('nginx did not start')
}
