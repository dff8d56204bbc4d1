import { chmodSync, rmSync } from 'node:fs'
import { connect, createServer, type Socket } from 'node:net'
import { join, resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Logger } from 'pino'
import type { Database } from '../client.ts'
import { writeBackup } from './backup-file.ts'

/**
 * A running server holds its PGlite folder (decision 0016) and PGlite's one connection, so
 * `db:backup` asks the server for the backup, over a Unix socket in DATA_DIR (decision 0025).
 * Who may connect is who may write to DATA_DIR's files anyway: the socket is 0600, and nothing
 * of it reaches the network.
 */
export const BACKUP_SOCKET_NAME = 'lendulet-backup.sock'
const REQUEST = 'backup\n'
/**
 * The backup holds PGlite's one connection until the reader has taken it all: a reader that stops
 * reading for this long is cut off, so that it cannot hold up the site.
 */
const STALLED_READER_MS = 10_000
/** Linux's limit for a socket path is 108 bytes, with its terminating zero. */
const SOCKET_PATH_LIMIT = 107

export const backupSocketPath = (dataDir: string) => join(resolve(dataDir), BACKUP_SOCKET_NAME)

export async function serveBackups(
  database: Pick<Database, 'db' | 'driver'>,
  dataDir: string,
  logger: Logger,
): Promise<{ close(): void }> {
  const path = backupSocketPath(dataDir)
  if (Buffer.byteLength(path) > SOCKET_PATH_LIMIT) {
    logger.warn(
      { path },
      'DATA_DIR path too long for the backup socket: db:backup needs the server stopped',
    )
    return { close() {} }
  }
  // This process holds DATA_DIR's lock: a socket file here is left by a server that was killed.
  rmSync(path, { force: true })
  const server = createServer((socket) => serveOne(socket, database, logger))
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(path, () => {
      server.off('error', fail)
      done()
    })
  })
  chmodSync(path, 0o600)
  // Closing stops new connections and removes the socket file; a backup under way is cut off.
  return { close: () => void server.close() }
}

function serveOne(socket: Socket, database: Pick<Database, 'db' | 'driver'>, logger: Logger) {
  socket.on('error', () => {})
  socket.setTimeout(STALLED_READER_MS, () => socket.destroy(new Error('backup reader stalled')))
  let request = ''
  const onData = (chunk: Buffer) => {
    request += chunk.toString('latin1')
    if (request.length < REQUEST.length) return
    socket.off('data', onData)
    if (request !== REQUEST) return socket.destroy()
    const started = performance.now()
    writeBackup(database, socket).then(
      () => logger.info({ ms: Math.round(performance.now() - started) }, 'backup sent'),
      (error: unknown) => {
        logger.error({ err: error }, 'backup failed')
        socket.destroy()
      },
    )
  }
  socket.on('data', onData)
}

/** Asks the server running on DATA_DIR for a backup and writes it to `output`. */
export async function requestBackup(dataDir: string, output: Writable): Promise<void> {
  const socket = connect(backupSocketPath(dataDir))
  await new Promise<void>((done, fail) => {
    socket.once('connect', done)
    socket.once('error', fail)
  }).catch((error: unknown) => {
    throw new Error(
      `The server that holds ${resolve(dataDir)} does not answer on ${backupSocketPath(dataDir)} ` +
        `(${(error as NodeJS.ErrnoException).code ?? String(error)}); it may be an older version: stop it and run this again.`,
    )
  })
  socket.write(REQUEST)
  await pipeline(socket, output)
}
