import type { Database } from '../client.ts'
import { exportData, type TransferItem } from './export-data.ts'
import { importData, type ImportReport } from './import-data.ts'

/**
 * Copies one database into another, page by page: the export's transaction on the source and
 * the import's on the target run side by side, with at most a few pages in between.
 */
export async function moveData(source: Database, target: Database): Promise<ImportReport> {
  const pipe = new Pipe<TransferItem>(4)
  const exporting = exportData(source, (item) => pipe.push(item)).then(
    () => pipe.close(),
    (error: unknown) => {
      pipe.fail(error)
      throw error
    },
  )
  const importing = importData(target, pipe).catch((error: unknown) => {
    // The export stops at its next page and rolls back its read-only transaction.
    pipe.fail(error)
    throw error
  })
  const [exported, imported] = await Promise.allSettled([exporting, importing])
  if (imported.status === 'rejected') throw imported.reason
  if (exported.status === 'rejected') throw exported.reason
  return imported.value
}

/** A bounded queue between one producer and one consumer; a failure on either side ends both. */
class Pipe<T> implements AsyncIterable<T> {
  private readonly items: T[] = []
  private closed = false
  private error: { reason: unknown } | null = null
  private wakeConsumer: (() => void) | null = null
  private wakeProducer: (() => void) | null = null
  private readonly capacity: number
  constructor(capacity: number) {
    this.capacity = capacity
  }

  async push(item: T) {
    while (this.items.length >= this.capacity && !this.error)
      await new Promise<void>((resolve) => (this.wakeProducer = resolve))
    if (this.error) throw this.error.reason
    this.items.push(item)
    this.wake('consumer')
  }

  close() {
    this.closed = true
    this.wake('consumer')
  }

  fail(reason: unknown) {
    this.error ??= { reason }
    this.wake('consumer')
    this.wake('producer')
  }

  private wake(side: 'consumer' | 'producer') {
    const wake = side === 'consumer' ? this.wakeConsumer : this.wakeProducer
    if (side === 'consumer') this.wakeConsumer = null
    else this.wakeProducer = null
    wake?.()
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.error) throw this.error.reason
      const item = this.items.shift()
      if (item !== undefined) {
        this.wake('producer')
        yield item
        continue
      }
      if (this.closed) return
      await new Promise<void>((resolve) => (this.wakeConsumer = resolve))
    }
  }
}
