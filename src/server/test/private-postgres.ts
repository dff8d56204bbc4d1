import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The newest PostgreSQL's bin folder on a Debian-style machine, or null when there is none. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/** PostgreSQL refuses to run as root: then its tools run as the `postgres` OS user. */
function asPostgres(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const passwd = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' })
  const [, , uid, gid] = passwd.trim().split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** Why this machine cannot run a private cluster, or null when it can. */
export function privatePostgresSkipReason(): string | null {
  if (!findPostgresBin())
    return 'no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql'
  if (process.getuid?.() !== 0) return null
  try {
    asPostgres()
    execFileSync('runuser', ['--help'], { stdio: 'ignore' })
    return null
  } catch {
    return 'running as root, without a `postgres` OS user and runuser to run PostgreSQL as'
  }
}

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export interface PrivatePostgres {
  url: string
  port: number
  /** `pg_ctl stop -m fast`: clients are disconnected, the server shuts down cleanly. */
  stop(): Promise<void>
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start(): Promise<void>
  /** Stops the server (if running) and deletes its files. */
  destroy(): Promise<void>
  log(): string
}

/**
 * A throwaway PostgreSQL cluster of our own on a free loopback port (trust auth, fsync on), for
 * tests that stop and start the server, which the machine's shared PostgreSQL must never see.
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const owner = asPostgres()
  const root = mkdtempSync(join(tmpdir(), 'pg-private-'))
  if (owner) chownSync(root, owner.uid, owner.gid)
  const dataDir = join(root, 'data')
  const logFile = join(root, 'server.log')
  const port = await freePort()
  const user = owner ? 'postgres' : userInfo().username

  const tool = (name: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args])
      : run(join(bin, name), args)

  // --no-sync: initdb's own files need not reach the disk; the server itself runs with fsync on.
  const initdb = ['-D', dataDir, '-A', 'trust', '-U', user, '-E', 'UTF8', '--no-sync']
  await tool('initdb', [...initdb, '--no-instructions'])
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=on`
  const start = async () => {
    await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start'])
  }
  const stop = async (mode = 'fast') => {
    await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'])
  }
  await start()
  let destroyed = false
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => stop('fast'),
    async destroy() {
      if (destroyed) return
      destroyed = true
      await stop('immediate').catch(() => {})
      rmSync(root, { recursive: true, force: true })
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8')
      } catch {
        return ''
      }
    },
  }
}
