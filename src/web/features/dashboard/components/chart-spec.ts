/**
 * What a dashboard chart shows, without Chart.js: the panel builds these, and the lazily loaded
 * chart module (dashboard-chart.tsx) draws them, so Chart.js loads only with the chart itself.
 */
export type SeriesLook =
  /** Lines, told apart by dash pattern and point shape as well as colour. */
  | 'line-solid'
  | 'line-dashed'
  | 'line-dotted'
  | 'line-dash-dot'
  /** Bars, told apart by lightness and pattern as well as colour. */
  | 'bar-dark'
  | 'bar-hatched'
  | 'bar-dotted'
  | 'bar-ink'

export interface ChartSeries {
  label: string
  data: number[]
  look: SeriesLook
  /** Bars of the same stack sit on top of each other. */
  stack?: string
}

export interface ChartSpec {
  /** The page's language: how the axes write numbers. */
  locale: string
  /** Read out in place of the picture (the numbers are in the table beside it). */
  description: string
  labels: string[]
  series: ChartSeries[]
  /** The top of the value axis when the figures have one (a rating: 5); otherwise it fits them. */
  max?: number
}
