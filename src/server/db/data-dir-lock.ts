import { randomUUID } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * One process per PGlite data folder (decision 0016). PGlite does not lock its folder: two
 * processes on one folder both run, neither sees the other's writes, and the folder can end up
 * unreadable. The lock is a file in the folder, created atomically, that names its owner.
 */

export const LOCK_FILE_NAME = 'lendulet.lock'

/** What a lock file holds. */
export interface LockOwner {
  pid: number
  host: string
  /** ISO time the owner took the lock. */
  startedAt: string
  /** The owner's start time in /proc/<pid>/stat (clock ticks since boot), where there is /proc. */
  procStart?: string
  /** /proc/sys/kernel/random/boot_id, where there is one: a lock from before a reboot is stale. */
  bootId?: string
  /** Tells this lock apart from any other, even one by the same pid. */
  nonce: string
}

export type InUseReason = 'running' | 'other-host' | 'this-process'

/** The data folder is held by another process (or already open in this one). */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError'
  readonly dataDir: string
  readonly lockPath: string
  readonly owner: LockOwner
  readonly reason: InUseReason
  constructor(dataDir: string, lockPath: string, owner: LockOwner, reason: InUseReason) {
    super(inUseMessage(dataDir, lockPath, owner, reason))
    this.dataDir = dataDir
    this.lockPath = lockPath
    this.owner = owner
    this.reason = reason
  }
}

function inUseMessage(dataDir: string, lockPath: string, owner: LockOwner, reason: InUseReason) {
  const several = 'To run several processes on one database, use PostgreSQL (DATABASE_URL).'
  switch (reason) {
    case 'this-process':
      return `The database folder ${dataDir} is already open in this process; close it before opening it again.`
    case 'other-host':
      return (
        `The database folder ${dataDir} is in use by process ${owner.pid} on host ${owner.host} (since ${owner.startedAt}), ` +
        `which cannot be checked from here; only one process at a time may open it. Stop that process first; ` +
        `if it is surely no longer running, delete ${lockPath} and try again. ${several}`
      )
    case 'running':
      return (
        `The database folder ${dataDir} is in use by another process (pid ${owner.pid}, since ${owner.startedAt}); ` +
        `only one process at a time may open it. Stop that process first (the server: Ctrl+C in its terminal, ` +
        `or kill ${owner.pid}), then try again. ${several}`
      )
  }
}

export interface DataDirLock {
  readonly path: string
  readonly owner: LockOwner
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void
}

/** Locks held by this process: lock path -> nonce. */
const held = new Map<string, string>()

/** How long to wait for another process that is clearing the same stale lock. */
const CONTENTION_LIMIT_MS = 5_000
/** A lock file that cannot be read as a lock is being written for at most this long. */
const UNREADABLE_GRACE_MS = 2_000

/**
 * Takes the data folder's lock, or throws DataDirInUseError. A lock whose owner is gone (killed,
 * crashed, or from before a reboot) is stale and taken over. The lock is released by
 * `release()`, and, best effort, when the process exits.
 */
export async function lockDataDir(
  dataDir: string,
  /** For tests: runs after a lock was judged stale, before it is cleared (widens races). */
  options: { afterStaleCheck?: () => Promise<void> } = {},
): Promise<DataDirLock> {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const lockPath = join(dir, LOCK_FILE_NAME)
  const breakPath = `${lockPath}.break`
  const owner = describeSelf()
  const content = `${JSON.stringify(owner)}\n`
  const giveUpAt = Date.now() + CONTENTION_LIMIT_MS

  for (;;) {
    if (createExclusive(lockPath, content)) return hold(lockPath, owner)

    const current = readLock(lockPath)
    if (current) {
      if (current.owner) {
        const state = ownerState(lockPath, current.owner)
        if (state !== 'stale') throw new DataDirInUseError(dir, lockPath, current.owner, state)
      }
      if (current.owner || isOlderThan(lockPath, UNREADABLE_GRACE_MS)) {
        await options.afterStaleCheck?.()
        // Stale. Only the holder of the break file may delete the lock, and only the very lock
        // it judged stale: otherwise two starters could each delete the other's fresh lock.
        if (createExclusive(breakPath, content)) {
          try {
            if (readRaw(lockPath) === current.raw) unlinkQuietly(lockPath)
          } finally {
            removeIfOurs(breakPath, owner.nonce)
          }
          continue
        }
        // Someone else is clearing it. If they died doing so, clear their break file.
        const breaker = readLock(breakPath)
        if (breaker?.owner && ownerState(breakPath, breaker.owner) === 'stale')
          removeIfUnchanged(breakPath, breaker.raw)
      }
    }
    if (Date.now() > giveUpAt)
      throw new Error(`Could not take the lock ${lockPath}: other processes keep changing it.`)
    if (current) await sleep(10 + Math.random() * 20)
  }
}

function hold(lockPath: string, owner: LockOwner): DataDirLock {
  held.set(lockPath, owner.nonce)
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    if (held.get(lockPath) === owner.nonce) held.delete(lockPath)
    try {
      removeIfOurs(lockPath, owner.nonce)
    } catch {
      // Best effort: a lock left behind is stale once this process is gone.
    }
  }
  process.on('exit', release)
  return { path: lockPath, owner, release }
}

type LockState = 'stale' | InUseReason

/** Whether the process a lock names still holds it. */
export function ownerState(lockPath: string, owner: LockOwner): LockState {
  if (owner.host !== hostname()) return 'other-host'
  const bootId = readBootId()
  if (owner.bootId && bootId && owner.bootId !== bootId) return 'stale'
  if (owner.pid === process.pid) {
    // Our own pid: either this process holds it, or a former process had the same pid (in a
    // container the server is always pid 1).
    return held.get(lockPath) === owner.nonce ? 'this-process' : 'stale'
  }
  if (!isAlive(owner.pid)) return 'stale'
  const stat = readProcStat(owner.pid)
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return 'stale'
    // The pid was reused by a process started at another time.
    if (owner.procStart && stat.start !== owner.procStart) return 'stale'
  }
  return 'running'
}

function isAlive(pid: number): boolean {
  // process.kill(0 or a negative number) would signal a process group.
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function describeSelf(): LockOwner {
  const stat = readProcStat(process.pid)
  const bootId = readBootId()
  return {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(stat ? { procStart: stat.start } : {}),
    ...(bootId ? { bootId } : {}),
    nonce: randomUUID(),
  }
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; undefined without /proc. */
export function readProcStat(pid: number): { state: string; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const state = fields[0]
    const start = fields[19]
    return state && start ? { state, start } : undefined
  } catch {
    return undefined
  }
}

let bootIdCache: string | null | undefined
function readBootId(): string | undefined {
  if (bootIdCache === undefined) {
    try {
      bootIdCache = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null
    } catch {
      bootIdCache = null
    }
  }
  return bootIdCache ?? undefined
}

/**
 * Creates `path` with `content` only if it does not exist. The content is written to a private
 * file first and hard-linked into place, so nobody ever reads a half-written lock.
 */
function createExclusive(path: string, content: string): boolean {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`
  writeSynced(temporary, content)
  try {
    linkSync(temporary, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
    // A file system without hard links: an exclusive create, briefly empty.
    try {
      writeSynced(path, content)
      return true
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw inner
    }
  } finally {
    unlinkQuietly(temporary)
  }
}

function writeSynced(path: string, content: string) {
  const fd = openSync(path, 'wx', 0o644)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function readRaw(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** A lock file's text, and its owner if it reads as a lock; undefined if there is none. */
export function readLock(path: string): { raw: string; owner?: LockOwner } | undefined {
  const raw = readRaw(path)
  if (raw === undefined) return undefined
  try {
    const owner = JSON.parse(raw) as Partial<LockOwner> | null
    if (
      typeof owner?.pid === 'number' &&
      typeof owner.host === 'string' &&
      typeof owner.startedAt === 'string' &&
      typeof owner.nonce === 'string'
    )
      return { raw, owner: owner as LockOwner }
  } catch {
    // Not JSON: written by hand, or half-written on a file system without hard links.
  }
  return { raw }
}

function isOlderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > ms
  } catch {
    return false
  }
}

function removeIfOurs(path: string, nonce: string) {
  if (readLock(path)?.owner?.nonce === nonce) unlinkQuietly(path)
}

/**
 * Deletes `path` only if it still holds `raw`: it is moved aside (atomic, so only one process
 * gets it), checked, and put back if it turned out to be a newer file.
 */
function removeIfUnchanged(path: string, raw: string) {
  const aside = `${path}.${process.pid}.${randomUUID()}.gone`
  try {
    renameSync(path, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if (readRaw(aside) !== raw) linkSync(aside, path)
  } catch {
    // Someone created a new one meanwhile; theirs stands.
  } finally {
    unlinkQuietly(aside)
  }
}

function unlinkQuietly(path: string) {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
