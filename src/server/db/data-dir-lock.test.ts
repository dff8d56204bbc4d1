import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  DataDirInUseError,
  LOCK_FILE_NAME,
  lockDataDir,
  readProcStat,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock.ts'

const root = mkdtempSync(join(tmpdir(), 'data-dir-lock-'))
const children: ChildProcess[] = []
const locks: DataDirLock[] = []
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release()
})
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

const hasProc = readProcStat(process.pid) !== undefined
const bootId = hasProc ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : undefined

function freshDir(): string {
  return join(root, randomUUID())
}

async function lock(dir: string): Promise<DataDirLock> {
  const taken = await lockDataDir(dir)
  locks.push(taken)
  return taken
}

function lockOwner(dir: string): LockOwner {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as LockOwner
}

/** Writes a lock file as another process would have. */
function writeLock(dir: string, owner: Partial<LockOwner> & { pid: number }) {
  const full: LockOwner = {
    host: hostname(),
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    nonce: randomUUID(),
    ...(bootId ? { bootId } : {}),
    ...owner,
  }
  writeFileSync(join(dir, LOCK_FILE_NAME), `${JSON.stringify(full)}\n`)
  return full
}

/** A live process that is not this one, and its /proc start time. */
async function liveProcess(): Promise<{ pid: number; procStart?: string }> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120_000)'], {
    stdio: 'ignore',
  })
  children.push(child)
  await new Promise((resolve) => child.once('spawn', resolve))
  const pid = child.pid ?? 0
  return { pid, procStart: readProcStat(pid)?.start }
}

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid ?? 0
}

async function refusal(dir: string): Promise<DataDirInUseError> {
  const error = await lockDataDir(dir).then(
    (taken) => {
      taken.release()
      throw new Error('the lock was taken')
    },
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(DataDirInUseError)
  return error as DataDirInUseError
}

describe('lockDataDir', () => {
  it('creates the folder and a lock naming this process, and removes it on release', async () => {
    const dir = freshDir()
    const taken = await lock(dir)
    expect(taken.path).toBe(join(dir, LOCK_FILE_NAME))
    expect(lockOwner(dir)).toEqual(taken.owner)
    expect(taken.owner).toMatchObject({ pid: process.pid, host: hostname() })
    if (hasProc) expect(taken.owner.procStart).toBe(readProcStat(process.pid)?.start)
    // Nothing but the lock is left behind (no temporary or break files).
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME])

    taken.release()
    taken.release()
    expect(readdirSync(dir)).toEqual([])
    // And it can be taken again.
    await lock(dir)
  })

  it('refuses a second lock on the same folder in the same process', async () => {
    const dir = freshDir()
    await lock(dir)
    const error = await refusal(dir)
    expect(error.reason).toBe('this-process')
    expect(error.message).toContain(dir)
  })

  it('refuses while the owner is running, naming the folder and its pid, and leaves its lock alone', async () => {
    const dir = freshDir()
    const taken = await lock(dir)
    const owner = await liveProcess()
    const written = writeLock(dir, owner)
    const error = await refusal(dir)
    expect(error.reason).toBe('running')
    expect(error.owner).toEqual(written)
    expect(error.message).toContain(dir)
    expect(error.message).toContain(`pid ${owner.pid}`)
    expect(error.message).toContain('DATABASE_URL')
    expect(lockOwner(dir)).toEqual(written)
    // Our own, earlier lock was replaced behind our back: releasing must not delete theirs.
    taken.release()
    expect(lockOwner(dir)).toEqual(written)
  })

  it('takes over a lock whose owner is gone', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    writeLock(dir, { pid: await deadPid() })
    const taken = await lock(dir)
    expect(lockOwner(dir).nonce).toBe(taken.owner.nonce)
  })

  it('takes over a lock with its own pid that it does not hold (the server is pid 1 in a container)', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    writeLock(dir, { pid: process.pid })
    const taken = await lock(dir)
    expect(lockOwner(dir).nonce).toBe(taken.owner.nonce)
  })

  it.runIf(hasProc)('takes over a lock whose pid now belongs to a later process', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    const { pid } = await liveProcess()
    writeLock(dir, { pid, procStart: '1' })
    const taken = await lock(dir)
    expect(lockOwner(dir).nonce).toBe(taken.owner.nonce)
  })

  it.runIf(hasProc)('takes over a lock from before a reboot', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    writeLock(dir, { ...(await liveProcess()), bootId: randomUUID() })
    await lock(dir)
  })

  it('refuses a lock from another host, saying which file to delete if that host is stopped', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    writeLock(dir, { pid: await deadPid(), host: 'elsewhere.example' })
    const error = await refusal(dir)
    expect(error.reason).toBe('other-host')
    expect(error.message).toContain('elsewhere.example')
    expect(error.message).toContain(join(dir, LOCK_FILE_NAME))
  })

  it('takes over an unreadable lock file once it is a few seconds old', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    const path = join(dir, LOCK_FILE_NAME)
    writeFileSync(path, '')
    const old = new Date(Date.now() - 60_000)
    utimesSync(path, old, old)
    await lock(dir)
  })

  it('is not blocked by a break file its owner left behind', async () => {
    const dir = freshDir()
    await lock(dir).then((taken) => taken.release())
    const pid = await deadPid()
    const breaker = writeLock(dir, { pid })
    writeFileSync(join(dir, `${LOCK_FILE_NAME}.break`), JSON.stringify(breaker))
    writeLock(dir, { pid })
    const taken = await lock(dir)
    expect(lockOwner(dir).nonce).toBe(taken.owner.nonce)
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME])
  })

  it('lets exactly one of several processes racing for a stale lock have it', async () => {
    const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href
    // Each racer waits for the same moment, tries, and holds a winning lock for a while. A random
    // pause between judging the lock stale and clearing it lets the racers overtake each other.
    const racer = `
      const { lockDataDir } = await import(${JSON.stringify(moduleUrl)})
      const [dir, at] = process.argv.slice(1)
      while (Date.now() < Number(at)) {}
      try {
        const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 40))
        const lock = await lockDataDir(dir, { afterStaleCheck: pause })
        console.log(JSON.stringify({ won: true }))
        setTimeout(() => lock.release(), 1500)
      } catch (error) {
        console.log(JSON.stringify({ won: false, name: error.name, owner: error.owner?.pid ?? null }))
      }`
    for (let round = 0; round < 2; round++) {
      const dir = freshDir()
      await lock(dir).then((taken) => taken.release())
      writeLock(dir, { pid: await deadPid() })
      const at = String(Date.now() + 1500)
      const results = await Promise.all(
        Array.from({ length: 6 }, () => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', racer, dir, at], {
            stdio: ['ignore', 'pipe', 'inherit'],
          })
          let out = ''
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
          return new Promise<{ pid: number; won: boolean; name?: string; owner?: number }>(
            (resolve) =>
              child.on('exit', () => resolve({ pid: child.pid ?? 0, ...JSON.parse(out) })),
          )
        }),
      )
      const winners = results.filter((result) => result.won)
      expect(winners).toHaveLength(1)
      for (const loser of results.filter((result) => !result.won))
        expect(loser).toMatchObject({ name: 'DataDirInUseError', owner: winners[0]?.pid })
      // The winner released on exit; nothing is left behind.
      expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
      expect(readdirSync(dir)).toEqual([])
    }
  }, 60_000)
})
