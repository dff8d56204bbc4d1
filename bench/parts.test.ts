import { expect, test } from 'vitest'
import { formatTable, runParts } from './parts.ts'

const quiet = () => {}

test('a part that throws gives its row "did not run" with the reason and ✗, and the parts after it still run', async () => {
  const ran: string[] = []
  const { rows, didNotRun } = await runParts(
    [
      {
        name: 'first',
        run: () => {
          ran.push('first')
          return [{ measure: 'first figure', value: '12 ms', target: '≤ 10 ms', ok: false }]
        },
      },
      {
        name: 'admin area',
        run: async () => {
          ran.push('admin area')
          throw new Error('/api/admin/events: 403 two_factor_required\n    at somewhere')
        },
      },
      {
        name: 'last',
        run: async () => {
          ran.push('last')
          return [{ measure: 'last figure', value: '3', target: '-', ok: null }]
        },
      },
    ],
    quiet,
  )
  expect(ran).toEqual(['first', 'admin area', 'last'])
  expect(didNotRun).toEqual([
    { name: 'admin area', reason: '/api/admin/events: 403 two_factor_required' },
  ])
  expect(rows.map((row) => [row.measure, row.ok])).toEqual([
    ['first figure', false],
    ['admin area: did not run — /api/admin/events: 403 two_factor_required', false],
    ['last figure', null],
  ])

  const table = formatTable(rows).split('\n')
  expect(table[0]).toMatch(/^\| measure +\| value +\| target +\| load \(1 min\) \| ok$/)
  expect(table.find((line) => line.includes('did not run'))).toMatch(/ ✗$/)
  expect(table.find((line) => line.includes('first figure'))).toMatch(
    /\| 12 ms +\| ≤ 10 ms +\| .* ✗$/,
  )
  expect(table.find((line) => line.includes('last figure'))).toMatch(/\|$/)
})

test('every row shows the load average while its part ran, unless the part gave the row its own', async () => {
  const { rows } = await runParts(
    [
      {
        name: 'part',
        run: () => [
          { measure: 'a', value: '1', target: '-', ok: null },
          { measure: 'b', value: '2', target: '-', ok: null, load: '7.5 (2 cores)' },
        ],
      },
    ],
    quiet,
  )
  expect(rows[0]?.load).toMatch(/^\d+\.\d → \d+\.\d$/)
  expect(rows[1]?.load).toBe('7.5 (2 cores)')
  expect(formatTable(rows)).toContain('| 7.5 (2 cores) |')
})
