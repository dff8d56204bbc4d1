import { describe, expect, it } from 'vitest'
import {
  checkInQueue,
  flushQueue,
  type QueuedCheckIn,
  type QueueStorage,
} from './check-in-queue.ts'
import { resolveEntry } from './find-person.ts'
import type { DoorState } from './api/door-api.ts'
import { keepDoorList, keptDoorList } from './kept-door-list.ts'

const people = [
  { label: 'Gál Anna', userCode: 'K7M4QX' },
  { label: 'Nagy Eszter · ABC', userCode: 'ABC234' },
  { label: 'Nagy Eszter · XYZ', userCode: 'XYZ234' },
  { label: 'Molnár Éva', userCode: 'PQR789' },
]

describe('the door field', () => {
  it('finds a whole code however it is typed, O/0 and I/1 alike', () => {
    expect(resolveEntry(people, ' k7m 4qx ')).toEqual({ kind: 'person', person: people[0] })
    expect(resolveEntry([{ label: 'X', userCode: 'A0B1C2' }], 'aobicz')).toEqual({
      kind: 'code',
      code: 'AOBICZ',
    })
    expect(resolveEntry([{ label: 'X', userCode: 'A0B1C2' }], 'AOBIC2')).toMatchObject({
      kind: 'person',
    })
  })

  it('finds a name without accents or case, and asks which when two share it', () => {
    expect(resolveEntry(people, 'eva')).toEqual({ kind: 'person', person: people[3] })
    expect(resolveEntry(people, 'eszter')).toEqual({
      kind: 'choose',
      matches: [people[1], people[2]],
    })
  })

  it('sends an unknown code-like entry to the server, and says nothing found for the rest', () => {
    expect(resolveEntry(people, 'ZZZZ99')).toEqual({ kind: 'code', code: 'ZZZZ99' })
    expect(resolveEntry(people, 'Kovács Júlia')).toEqual({ kind: 'none' })
    expect(resolveEntry(people, 'Kovacs Julia')).toEqual({ kind: 'none' })
    expect(resolveEntry(people, 'k7m 5qx')).toEqual({ kind: 'code', code: 'K7M5QX' })
    expect(resolveEntry(people, '  ')).toEqual({ kind: 'none' })
  })
})

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const item = (clientId: string): QueuedCheckIn => ({
  clientId,
  code: 'K7M4QX',
  walkIn: false,
  scannedAt: '2026-11-24T18:02:00.000Z',
  label: 'K7M4QX',
})

describe('the offline queue', () => {
  it('keeps check-ins across a reload, in order, and sends each once', async () => {
    const storage = memoryStorage()
    const first = checkInQueue('event-1', storage)
    first.add(item('a'))
    first.add(item('b'))
    const reloaded = checkInQueue('event-1', storage)
    expect(reloaded.items().map((i) => i.clientId)).toEqual(['a', 'b'])

    const sent: string[] = []
    expect(
      await flushQueue(reloaded, async (i) => {
        sent.push(i.clientId)
        return 'answered'
      }),
    ).toBe(2)
    expect(sent).toEqual(['a', 'b'])
    expect(reloaded.items()).toEqual([])
    expect(storage.data.size).toBe(0)
  })

  it('stops at the first network failure and keeps the rest for the next try', async () => {
    const queue = checkInQueue('event-2', memoryStorage())
    queue.add(item('a'))
    queue.add(item('b'))
    queue.add(item('c'))
    let calls = 0
    const sent = await flushQueue(queue, async () => (++calls === 2 ? 'unreachable' : 'answered'))
    expect(sent).toBe(1)
    expect(queue.items().map((i) => i.clientId)).toEqual(['b', 'c'])
  })

  it('is one queue per event, and survives a storage that refuses', () => {
    const storage = memoryStorage()
    checkInQueue('x', storage).add(item('a'))
    expect(checkInQueue('y', storage).items()).toEqual([])
    const refusing: QueueStorage = {
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {},
    }
    const queue = checkInQueue('z', refusing)
    queue.add(item('a'))
    expect(queue.items()).toHaveLength(1)
  })
})

describe('the door list kept on the phone', () => {
  const memory = () => {
    const items = new Map<string, string>()
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
  }
  const state = (id: string) => ({ event: { id }, people: [] }) as unknown as DoorState

  it('is there again for the same event after a reload, and for no other event', () => {
    const storage = memory()
    keepDoorList('event-a', state('event-a'), storage, 1_000)
    expect(keptDoorList('event-a', storage, 2_000)).toEqual({
      state: state('event-a'),
      savedAt: 1_000,
    })
    expect(keptDoorList('event-b', storage, 2_000)).toBeNull()
    // Under its own event's key only: another event's list is never shown in its place.
    expect([...storage.items.keys()]).toEqual(['lendulet.door.event-a.list'])
  })

  it('is not shown a day later, nor when what is stored is not a list', () => {
    const storage = memory()
    keepDoorList('event-a', state('event-a'), storage, 0)
    expect(keptDoorList('event-a', storage, 25 * 3_600_000)).toBeNull()
    storage.setItem('lendulet.door.event-a.list', '{not json')
    expect(keptDoorList('event-a', storage, 1)).toBeNull()
  })
})
