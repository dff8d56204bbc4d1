import { describe, expect, it } from 'vitest'
import { googleCalendarUrl, mapSearchUrl } from './calendar.ts'

const evening = {
  eventName: 'Klikk est & tánc',
  description: 'Öt kör, öt asztal.',
  startTime: '2026-12-01T17:00:00.000Z',
  duration: 150,
  placeName: 'Lendület Stúdió',
  address: '1066 Budapest, Teréz körút 24.',
}

describe('calendar links', () => {
  it("fills in Google Calendar's form: UTC start and end, the place, the page's link", () => {
    const url = new URL(googleCalendarUrl(evening, 'https://lendulet.fit/events'))
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Klikk est & tánc',
      dates: '20261201T170000Z/20261201T193000Z',
      details: 'Öt kör, öt asztal.\n\nhttps://lendulet.fit/events',
      location: 'Lendület Stúdió, 1066 Budapest, Teréz körút 24.',
    })
  })

  it('searches the map for the address, or the place without one, or not at all', () => {
    expect(mapSearchUrl(evening)).toBe(
      'https://www.openstreetmap.org/search?query=1066+Budapest%2C+Ter%C3%A9z+k%C3%B6r%C3%BAt+24.',
    )
    expect(mapSearchUrl({ placeName: 'Stúdió', address: ' ' })).toContain('query=St%C3%BAdi%C3%B3')
    expect(mapSearchUrl({ placeName: '', address: '' })).toBeNull()
  })
})
