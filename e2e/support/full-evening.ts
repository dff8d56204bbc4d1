import { seedEvening } from '#server/test/seed-evening.ts'
import { createMember } from './accounts.ts'
import type { adminApi } from './admin-api.ts'

type Guest = Awaited<ReturnType<typeof createMember>>

/**
 * A full klikk evening, not started: five tables of eight and 41 guests signed up for it, so
 * that the 41st to arrive finds every seat taken. She is called "Késő Kinga"; the others are
 * "Vendég 1" to "Vendég 40". Members are made eight at a time (each one signs up by e-mail).
 */
export async function fullEvening(
  playwright: Parameters<typeof createMember>[0],
  baseURL: string | undefined,
  post: ReturnType<typeof adminApi>,
  eventName: string,
  tag: string,
) {
  const tables = ['Rózsa', 'Levendula', 'Napraforgó', 'Tulipán', 'Pipacs']
  const { eventId } = await seedEvening(post, {
    eventName,
    tables: tables.map((name) => ({ name, seats: 8 })),
    seated: false,
    started: false,
  })
  const names = Array.from({ length: 41 }, (_, i) => `Vendég ${i + 1} ${tag}`)
  names[40] = `Késő Kinga ${tag}`
  const guests: Guest[] = []
  for (let i = 0; i < names.length; i += 8)
    guests.push(
      ...(await Promise.all(
        names.slice(i, i + 8).map((name) => createMember(playwright, baseURL, name, [eventId])),
      )),
    )
  const late = guests[40]
  if (!late) throw new Error('guests missing')
  return { eventId, tables, guests: guests.slice(0, 40), late }
}
