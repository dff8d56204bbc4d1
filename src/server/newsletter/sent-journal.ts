import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'

/**
 * Campaign acceptances written to a file in the embedded database's folder the moment the SMTP
 * server takes each e-mail, before the database hears of it (docs/decisions/0070).
 *
 * One `write` of a line into the kernel: it is on the page cache when the call returns, so a
 * killed process (SIGKILL, a crash, an out-of-memory kill) cannot lose it, and it costs a few
 * microseconds where a database write costs a millisecond of this process's CPU. The database is
 * told in groups afterwards, and the journal is emptied once it knows. A power cut can lose the
 * page cache; so it can the embedded database's own last writes.
 *
 * Only for a process that is the sole sender of its database (the embedded one, one process per
 * folder): another process could not read this file, and would send again what it lists.
 */
/** Its name in the data folder. */
export const SENT_JOURNAL_FILE = 'campaign-sent.journal'

export interface SentJournal {
  /** Notes that the SMTP server took this recipient's e-mail. */
  append(recipientId: number): void
  /** The recipients noted since the journal was last emptied (a torn last line is skipped). */
  entries(): number[]
  /** How many are noted and not yet known to the database. */
  readonly size: number
  /** Forgets every entry: the database knows them all. */
  clear(): void
  close(): void
}

export function openSentJournal(path: string): SentJournal {
  const fd = openSync(path, 'a+')
  let size = readEntries().length

  function readEntries(): number[] {
    const text = readFileSync(path, 'utf8')
    return text
      .split('\n')
      .filter((line) => /^\d+$/.test(line))
      .map(Number)
  }

  return {
    append(recipientId) {
      writeSync(fd, `${recipientId}\n`)
      size += 1
    },
    entries: readEntries,
    get size() {
      return size
    },
    clear() {
      ftruncateSync(fd, 0)
      size = 0
    },
    close() {
      closeSync(fd)
    },
  }
}
