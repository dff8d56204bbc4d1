import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { LOCK_FILE_NAME } from './data-dir-lock.ts'

/**
 * How the embedded database is set up, for memory (decision 0035).
 *
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which grows and never shrinks:
 * initdb's 128 MB is more than a site of this size reads (its whole database is tens of MB, and
 * the operating system's page cache holds the files as well). 16 MB kept the server's idle
 * memory 130 MB lower; 8 MB another 4–10 MB, with the campaign, the dashboard and the door as
 * fast as before (decision 104). PGlite's own parameters stay as they are (its single-user
 * mode, fsync and the rest); ours are only added after them.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB']

const templatesFolder = fileURLToPath(new URL('./pglite-template', import.meta.url))

/** The installed PGlite's version: a data folder is made by, and for, one version. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  let folder = dirname(entry)
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder)
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

export const templatePath = (version = pgliteVersion()) =>
  join(templatesFolder, `pglite-${version}.tar.br`)

/**
 * A new database folder, as PGlite's initdb makes it, for this PGlite version (made by
 * `npm run db:pglite-template`), as a tar archive. PGlite's initdb runs a second PostgreSQL
 * beside the first and copies its whole memory back and forth: 1.1 GB at its peak, more than a
 * small server has. Unpacking the folder it makes instead takes 40 MB for a moment. Undefined
 * when there is no template for the installed version (PGlite was upgraded): then initdb runs.
 */
export function pgliteTemplate(): Uint8Array<ArrayBuffer> | undefined {
  const path = templatePath()
  if (!existsSync(path)) return undefined
  const tar = brotliDecompressSync(readFileSync(path))
  // zlib answers in a buffer of its own, never a shared one.
  return new Uint8Array(tar.buffer as ArrayBuffer, tar.byteOffset, tar.byteLength)
}

/** Writes the folders and files of a ustar archive (what PGlite's dumpDataDir makes) into a folder. */
export function unpackTar(tar: Uint8Array, into: string) {
  const text = new TextDecoder()
  const field = (header: Uint8Array, start: number, length: number) =>
    text.decode(header.subarray(start, start + length)).replace(/\0[\s\S]*$/, '')
  const octal = (header: Uint8Array, start: number, length: number) =>
    parseInt(field(header, start, length).trim() || '0', 8)
  let offset = 0
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const prefix = field(header, 345, 155)
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100)
    const mode = octal(header, 100, 8)
    const size = octal(header, 124, 12)
    const type = field(header, 156, 1) || '0'
    const path = resolve(into, `./${name}`)
    const inside = relative(into, path)
    if (inside.startsWith('..') || resolve(into, inside) !== path)
      throw new Error(`pglite template: ${name} lies outside the folder`)
    if (type === '5') mkdirSync(path, { recursive: true, mode })
    else if (type === '0') {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, tar.subarray(offset + 512, offset + 512 + size), { mode })
    } else throw new Error(`pglite template: ${name} has an unexpected type ${type}`)
    offset += 512 + Math.ceil(size / 512) * 512
  }
}

/** Written before a new folder is filled, removed once PostgreSQL has started on it. */
export const INITIALISING_MARKER = 'lendulet-initialising'

/**
 * Options to open PGlite in `dataDir` (undefined: in memory). A new folder is filled from the
 * template. A folder whose first filling was cut short (the process was killed while unpacking)
 * still has the marker: it holds no data yet, so it is emptied and filled again.
 */
export function prepareDataDir(dataDir: string | undefined): {
  options: PGliteOptions
  /** Call once PGlite has started. */
  started(): void
} {
  const options: PGliteOptions = { startParams: PGLITE_START_PARAMS }
  const marker = dataDir ? join(dataDir, INITIALISING_MARKER) : undefined
  if (dataDir && marker && existsSync(marker)) {
    for (const entry of readdirSync(dataDir))
      if (entry !== LOCK_FILE_NAME && entry !== INITIALISING_MARKER)
        rmSync(join(dataDir, entry), { recursive: true, force: true })
  }
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'))
  if (!fresh) return { options, started() {} }
  if (marker) writeFileSync(marker, `${new Date().toISOString()}\n`)
  const template = pgliteTemplate()
  // On disk, the folder is unpacked here: PGlite keeps its options, and with them a template
  // handed over as loadDataDir (40 MB) for as long as it runs. In memory (tests) it unpacks it.
  if (template && dataDir) unpackTar(template, dataDir)
  else if (template) options.loadDataDir = new Blob([template])
  return {
    options,
    started() {
      if (marker) rmSync(marker, { force: true })
    },
  }
}

/** A new database folder made by PGlite's own initdb, packed for `pgliteTemplate` (the script). */
export async function makePgliteTemplate(): Promise<Uint8Array> {
  const client = await PGlite.create()
  try {
    const dump = await client.dumpDataDir('none')
    return new Uint8Array(await dump.arrayBuffer())
  } finally {
    await client.close()
  }
}
