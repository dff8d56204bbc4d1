import { describe, expect, it } from 'vitest'
import { lowerBound } from './lower-bound.ts'
import { MixerError } from './mixer-error.ts'
import { mulberry32, type Prng } from './mulberry32.ts'
import { planRounds, type MixerInput, type TableAssignment } from './plan-rounds.ts'
import { comparePlanScores, scorePlan } from './score-plan.ts'
import { tableSizes } from './table-sizes.ts'

// Exactly reproducible: the work cap ends the search, the generous clock never does.
const REPRODUCIBLE = { timeBudgetMs: 600_000, maxWork: 3_000_000 }

const ids = (count: number, prefix = 'p') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`)
const tablesOf = (capacities: number[]) =>
  capacities.map((capacity, t) => ({ id: `t${t}`, capacity }))

function shuffled<T>(items: readonly T[], rng: Prng): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/** A valid round chosen at random: water-filled sizes, people shuffled into them. */
function randomRound(
  people: readonly string[],
  tables: readonly { id: string; capacity: number }[],
  rng: Prng,
): TableAssignment {
  const sizes = tableSizes(
    tables.map((table) => table.capacity),
    people.length,
  )
  const order = shuffled(people, rng)
  let next = 0
  return Object.fromEntries(
    tables.map((table, t) => {
      const group = order.slice(next, next + (sizes[t] ?? 0))
      next += sizes[t] ?? 0
      return [table.id, group]
    }),
  )
}

/** A random event: tables, people (some of whom left since the earlier rounds), keep-apart pairs. */
function randomEvent(rng: Prng): MixerInput & { roundsRemaining: number } {
  const tables = tablesOf(Array.from({ length: 1 + rng.int(8) }, () => 2 + rng.int(7)))
  const seats = tables.reduce((sum, table) => sum + table.capacity, 0)
  const everyone = ids(Math.min(seats + 3, 2 + rng.int(45)))
  const participants = shuffled(everyone, rng).slice(
    0,
    Math.min(seats, everyone.length - rng.int(3)),
  )
  const history = Array.from({ length: rng.int(4) }, () => {
    const present = everyone.slice(0, Math.min(seats, everyone.length))
    return Object.values(randomRound(present, tables, rng))
  })
  const keepApart = Array.from({ length: rng.int(3) }, (): [string, string] => [
    participants[rng.int(participants.length)] ?? 'x',
    participants[rng.int(participants.length)] ?? 'y',
  ])
  return {
    participants,
    tables,
    history,
    keepApart,
    seed: rng.int(2 ** 31),
    roundsRemaining: 1 + rng.int(4),
    ...REPRODUCIBLE,
  }
}

const randomEvents = (count: number, seed: number) => {
  const rng = mulberry32(seed)
  return Array.from({ length: count }, () => randomEvent(rng))
}

describe('tableSizes', () => {
  it('water-fills the tables', () => {
    expect(tableSizes([4, 4, 4, 4, 4], 18)).toEqual([4, 4, 4, 3, 3])
    expect(tableSizes([8, 4], 10)).toEqual([6, 4])
    expect(tableSizes([2, 6, 3], 9)).toEqual([2, 4, 3])
    expect(tableSizes([4, 4, 4, 4, 4], 20)).toEqual([4, 4, 4, 4, 4])
    expect(tableSizes([5, 5], 0)).toEqual([0, 0])
  })

  it('leaves tables empty rather than someone alone', () => {
    expect(tableSizes([4, 4, 4, 4, 4], 7)).toEqual([3, 2, 2, 0, 0])
    expect(tableSizes([4, 4, 4, 4, 4], 4)).toEqual([2, 2, 0, 0, 0])
    expect(tableSizes([4, 4], 3)).toEqual([3, 0])
    expect(tableSizes([6, 2, 2], 3)).toEqual([3, 0, 0])
    // Unavoidable: one person, or only single seats.
    expect(tableSizes([4, 4], 1)).toEqual([1, 0])
    expect(tableSizes([1, 1, 1], 3)).toEqual([1, 1, 1])
    expect(tableSizes([2, 2, 1], 5)).toEqual([2, 2, 1])
  })

  it('keeps sizes within capacity, summing to the people, as even as the capacities allow', () => {
    const rng = mulberry32(7)
    for (let i = 0; i < 500; i++) {
      const capacities = Array.from({ length: 1 + rng.int(10) }, () => rng.int(9))
      const seats = capacities.reduce((sum, cap) => sum + cap, 0)
      const people = rng.int(seats + 1)
      const sizes = tableSizes(capacities, people)
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(people)
      sizes.forEach((size, t) => expect(size).toBeLessThanOrEqual(capacities[t] ?? 0))
      const used = sizes.filter((size) => size > 0)
      const largest = Math.max(0, ...used)
      // A seated table more than one below the fullest one is full.
      sizes.forEach((size, t) => {
        if (size > 0 && size < largest - 1) expect(size).toBe(capacities[t])
      })
      // Tables for two or more stay empty only when there are too few people to give each two.
      const empty = sizes.filter((size, t) => size === 0 && (capacities[t] ?? 0) > 1).length
      if (empty > 0) expect(people).toBeLessThan(2 * capacities.filter((cap) => cap > 1).length)
    }
  })

  it('throws a typed error when the people do not fit', () => {
    const error = (() => {
      try {
        tableSizes([4, 4], 9)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(MixerError)
    expect(error).toMatchObject({ code: 'not_enough_seats', details: { people: 9, seats: 8 } })
    expect(() => tableSizes([4, -1], 2)).toThrow(
      expect.objectContaining({ code: 'invalid_capacity' }),
    )
  })
})

describe('lowerBound', () => {
  it('counts what no schedule can beat', () => {
    const none = (n: number) => new Int32Array(n * n)
    expect(lowerBound(15, none(15), [3, 3, 3, 3, 3], 7)).toEqual({
      maxMeetings: 1,
      squaredExcess: 0,
    })
    expect(lowerBound(20, none(20), [4, 4, 4, 4, 4], 7)).toEqual({
      maxMeetings: 2,
      squaredExcess: 20,
    })
  })
})

describe('planRounds', () => {
  const events = randomEvents(60, 2026)

  it('seats everyone exactly once per round, within capacity, with water-filled loads', () => {
    for (const event of events) {
      const { plan, assignment } = planRounds(event)
      expect(plan).toHaveLength(event.roundsRemaining)
      expect(assignment).toEqual(plan[0])
      const sizes = tableSizes(
        event.tables.map((table) => table.capacity),
        event.participants.length,
      )
      for (const round of plan) {
        expect(Object.keys(round).sort()).toEqual(event.tables.map((table) => table.id).sort())
        const seated = Object.values(round).flat()
        expect([...seated].sort()).toEqual([...event.participants].sort())
        event.tables.forEach((table, t) => {
          expect(round[table.id]).toHaveLength(sizes[t] ?? -1)
          expect(round[table.id]?.length).toBeLessThanOrEqual(table.capacity)
        })
      }
    }
  })

  it('gives the same plan for the same seed and input', () => {
    for (const event of events.slice(0, 20)) {
      const first = planRounds(event)
      const again = planRounds(structuredClone(event))
      expect(again.plan).toEqual(first.plan)
      expect({ ...again.stats, elapsedMs: 0 }).toEqual({ ...first.stats, elapsedMs: 0 })
    }
  })

  it('does no worse than a random valid assignment', () => {
    const rng = mulberry32(99)
    for (const event of events) {
      const planned = planRounds(event).stats
      for (let i = 0; i < 3; i++) {
        const random = Array.from({ length: event.roundsRemaining }, () =>
          randomRound(event.participants, event.tables, rng),
        )
        expect(comparePlanScores(planned, scorePlan(event, random))).toBeLessThanOrEqual(0)
      }
    }
  })

  it('reports the scores of the plan it returns', () => {
    for (const event of events.slice(0, 20)) {
      const { plan, stats } = planRounds(event)
      expect(stats).toMatchObject(scorePlan(event, plan))
      expect(stats.maxMeetings).toBeGreaterThanOrEqual(stats.lowerBound.maxMeetings)
      if (stats.maxMeetings === stats.lowerBound.maxMeetings)
        expect(stats.squaredExcess).toBeGreaterThanOrEqual(stats.lowerBound.squaredExcess)
    }
  })

  it('seats people who already met apart when it can', () => {
    const people = ids(16)
    const tables = tablesOf([4, 4, 4, 4])
    const rng = mulberry32(5)
    for (let i = 0; i < 10; i++) {
      const history = [Object.values(randomRound(people, tables, rng))]
      const { assignment, stats } = planRounds({
        participants: people,
        tables,
        history,
        seed: i,
        ...REPRODUCIBLE,
      })
      expect(stats.repeats).toBe(0)
      for (const group of Object.values(assignment))
        for (const a of group)
          for (const b of group)
            if (a !== b)
              expect(history[0]?.some((old) => old.includes(a) && old.includes(b))).toBe(false)
    }
  })

  it('ignores people in the history who are no longer there', () => {
    const { stats } = planRounds({
      participants: ids(6),
      tables: tablesOf([2, 2, 2]),
      history: [
        [
          ['p0', 'gone1', 'p1', 'p2'],
          ['p3', 'gone2', 'p4', 'p5'],
        ],
      ],
      ...REPRODUCIBLE,
    })
    expect(stats).toMatchObject({ repeats: 0, optimal: true })
  })

  it('keeps keep-apart pairs apart when that is possible', () => {
    const rng = mulberry32(11)
    for (let i = 0; i < 20; i++) {
      const participants = ids(12 + rng.int(20))
      const tables = tablesOf(Array.from({ length: 4 + rng.int(4) }, () => 8))
      const keepApart = Array.from({ length: 6 }, (): [string, string] => [
        participants[rng.int(participants.length)] ?? '',
        participants[rng.int(participants.length)] ?? '',
      ])
      const { plan, stats } = planRounds({
        participants,
        tables,
        keepApart,
        roundsRemaining: 1 + rng.int(5),
        seed: i,
        ...REPRODUCIBLE,
      })
      expect(stats.keepApartViolations).toBe(0)
      for (const round of plan)
        for (const group of Object.values(round))
          for (const [a, b] of keepApart)
            if (a !== b) expect(group.includes(a) && group.includes(b)).toBe(false)
    }
  })

  it('still seats everyone when a keep-apart pair cannot be kept apart', () => {
    const { plan, stats } = planRounds({
      participants: ['a', 'b', 'c'],
      tables: tablesOf([3]),
      keepApart: [['a', 'b']],
    })
    expect(plan).toEqual([{ t0: ['a', 'b', 'c'] }])
    expect(stats.keepApartViolations).toBe(1)
  })

  it('finds a Kirkman schedule: 15 people at 5 tables of 3 for 7 rounds, no pair twice', () => {
    const { stats, plan } = planRounds({
      participants: ids(15),
      tables: tablesOf([3, 3, 3, 3, 3]),
      roundsRemaining: 7,
      seed: 1,
      timeBudgetMs: 600_000,
      maxWork: 500_000_000,
    })
    expect(stats).toMatchObject({ repeats: 0, maxMeetings: 1, optimal: true })
    expect(scorePlan({ participants: ids(15) }, plan).repeats).toBe(0)
  })

  it('reaches the optimum of 20 repeats for 20 people at 5 tables of 4 over 7 rounds', () => {
    const { stats } = planRounds({
      participants: ids(20),
      tables: tablesOf([4, 4, 4, 4, 4]),
      roundsRemaining: 7,
      seed: 1,
      timeBudgetMs: 600_000,
      maxWork: 500_000_000,
    })
    expect(stats).toMatchObject({ repeats: 20, maxMeetings: 2, optimal: true })
  })

  it('uses the affine plane AG(2, 5) for 25 people at 5 tables of 5: every pair once in 6 rounds', () => {
    const { stats } = planRounds({
      participants: ids(25),
      tables: tablesOf([5, 5, 5, 5, 5]),
      roundsRemaining: 6,
      ...REPRODUCIBLE,
    })
    expect(stats).toMatchObject({ repeats: 0, steps: 0, optimal: true })
  })

  it('gives 200 people at 25 tables of 8 six rounds of new faces, by design and by search', () => {
    for (const constructions of [true, false]) {
      const { stats } = planRounds({
        participants: ids(200),
        tables: tablesOf(Array.from({ length: 25 }, () => 8)),
        roundsRemaining: 6,
        constructions,
        timeBudgetMs: 600_000,
        maxWork: 200_000_000,
      })
      expect(stats).toMatchObject({ repeats: 0, optimal: true })
    }
  })

  it('handles the empty event and a single table', () => {
    expect(planRounds({ participants: [], tables: tablesOf([4]) }).assignment).toEqual({ t0: [] })
    expect(planRounds({ participants: [], tables: [] }).plan).toEqual([{}])
    const { plan } = planRounds({ participants: ids(3), tables: tablesOf([4]), roundsRemaining: 2 })
    expect(plan).toEqual([{ t0: ['p0', 'p1', 'p2'] }, { t0: ['p0', 'p1', 'p2'] }])
  })

  it('rejects input it cannot plan with typed errors', () => {
    const base = { participants: ids(9), tables: tablesOf([4, 4]) }
    expect(() => planRounds(base)).toThrow(MixerError)
    expect(() => planRounds(base)).toThrow(
      expect.objectContaining({ code: 'not_enough_seats', details: { people: 9, seats: 8 } }),
    )
    expect(() => planRounds({ ...base, participants: ['a', 'a'] })).toThrow(
      expect.objectContaining({ code: 'duplicate_participant' }),
    )
    expect(() =>
      planRounds({
        ...base,
        participants: [],
        tables: tablesOf([2, 2]).map((t) => ({ ...t, id: 'x' })),
      }),
    ).toThrow(expect.objectContaining({ code: 'duplicate_table' }))
    expect(() => planRounds({ ...base, participants: [], roundsRemaining: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_rounds' }),
    )
    expect(() => planRounds({ ...base, participants: [], roundsRemaining: 101 })).toThrow(
      expect.objectContaining({ code: 'invalid_rounds' }),
    )
    expect(() => planRounds({ ...base, participants: ids(2001) })).toThrow(
      expect.objectContaining({ code: 'too_many_participants' }),
    )
    expect(() => planRounds({ ...base, participants: [], timeBudgetMs: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_time_budget' }),
    )
  })
})
