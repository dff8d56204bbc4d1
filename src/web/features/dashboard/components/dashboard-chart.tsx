import { useEffect, useRef } from 'react'
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
  type PointStyle,
} from 'chart.js'
import type { ChartSeries, ChartSpec, SeriesLook } from './chart-spec.ts'

// Only what the dashboard draws: bars, lines, two axes, a legend and tooltips (tree-shaken).
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
)

// The site's palette (src/web/styles.css); every line and bar edge is at least 3:1 on white.
const INK = '#2a1f2d'
const INK_SOFT = '#5b4d5e'
const ROSE = '#b4536a'
const ROSE_DEEP = '#8e3b52'
const SAGE_DEEP = '#4f6b55'
const BLUSH = '#f3d9dc'
const SAND = '#f1e7dc'

/** A small repeating tile: diagonal hatching or dots, so a bar reads the same in greyscale. */
function pattern(background: string, ink: string, kind: 'hatch' | 'dots'): CanvasPattern | string {
  const tile = document.createElement('canvas')
  tile.width = tile.height = 8
  const context = tile.getContext('2d')
  if (!context) return background
  context.fillStyle = background
  context.fillRect(0, 0, 8, 8)
  context.strokeStyle = context.fillStyle = ink
  if (kind === 'hatch') {
    context.lineWidth = 1.5
    context.beginPath()
    context.moveTo(-2, 10)
    context.lineTo(10, -2)
    context.moveTo(-2, 2)
    context.lineTo(2, -2)
    context.moveTo(6, 10)
    context.lineTo(10, 6)
    context.stroke()
  } else {
    context.beginPath()
    context.arc(4, 4, 1.4, 0, Math.PI * 2)
    context.fill()
  }
  return context.createPattern(tile, 'repeat') ?? background
}

const LINES: Record<string, { color: string; dash: number[]; point: PointStyle }> = {
  'line-solid': { color: INK, dash: [], point: 'circle' },
  'line-dashed': { color: ROSE_DEEP, dash: [8, 4], point: 'rect' },
  'line-dotted': { color: SAGE_DEEP, dash: [2, 3], point: 'triangle' },
  'line-dash-dot': { color: ROSE, dash: [10, 4, 2, 4], point: 'rectRot' },
}

function barFill(look: SeriesLook): { fill: CanvasPattern | string; edge: string } {
  switch (look) {
    case 'bar-hatched':
      return { fill: pattern(BLUSH, ROSE_DEEP, 'hatch'), edge: ROSE_DEEP }
    case 'bar-dotted':
      return { fill: pattern(SAND, INK_SOFT, 'dots'), edge: INK_SOFT }
    case 'bar-ink':
      return { fill: INK, edge: INK }
    default:
      return { fill: SAGE_DEEP, edge: SAGE_DEEP }
  }
}

function dataset(series: ChartSeries): ChartDataset<'bar' | 'line', number[]> {
  const line = LINES[series.look]
  if (line)
    return {
      type: 'line',
      label: series.label,
      data: series.data,
      borderColor: line.color,
      backgroundColor: line.color,
      borderDash: line.dash,
      borderWidth: 2.5,
      pointStyle: line.point,
      pointRadius: series.data.length > 30 ? 0 : 4,
      pointHoverRadius: 6,
      tension: 0.25,
    }
  const { fill, edge } = barFill(series.look)
  return {
    type: 'bar',
    label: series.label,
    data: series.data,
    backgroundColor: fill,
    borderColor: edge,
    borderWidth: 1.5,
    borderRadius: 4,
    pointStyle: 'rect',
    maxBarThickness: 36,
    ...(series.stack ? { stack: series.stack } : {}),
  }
}

function configOf(spec: ChartSpec): ChartConfiguration<'bar' | 'line', number[], string> {
  const stacked = spec.series.some((series) => series.stack)
  const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const font = { family: getComputedStyle(document.body).fontFamily, size: 12 }
  return {
    type: 'bar',
    data: { labels: spec.labels, datasets: spec.series.map(dataset) },
    options: {
      locale: spec.locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: calm ? false : { duration: 300 },
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          stacked,
          grid: { display: false },
          border: { color: 'rgba(42, 31, 45, 0.2)' },
          ticks: {
            color: INK_SOFT,
            font,
            maxRotation: 0,
            autoSkipPadding: 12,
            // Long evening and campaign names: their start, in full in the table.
            callback(value) {
              const label = this.getLabelForValue(Number(value))
              return label.length > 16 ? `${label.slice(0, 15)}…` : label
            },
          },
        },
        y: {
          stacked,
          beginAtZero: true,
          ...(spec.max === undefined ? {} : { max: spec.max }),
          grid: { color: 'rgba(42, 31, 45, 0.08)' },
          border: { display: false },
          ticks: { color: INK_SOFT, font, precision: 0 },
        },
      },
      plugins: {
        legend: {
          position: 'bottom',
          labels: { color: INK, font, usePointStyle: true, pointStyleWidth: 18, padding: 16 },
        },
        tooltip: {
          backgroundColor: INK,
          titleFont: font,
          bodyFont: font,
          padding: 10,
          cornerRadius: 10,
          usePointStyle: true,
        },
      },
    },
  }
}

/** One dashboard chart on a canvas that names itself; its figures are in the table beside it. */
export default function DashboardChart({ spec }: { spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const chart = useRef<Chart<'bar' | 'line', number[], string> | null>(null)
  const key = JSON.stringify(spec)

  useEffect(() => {
    if (!canvas.current) return
    const drawn = new Chart(canvas.current, configOf(JSON.parse(key) as ChartSpec))
    chart.current = drawn
    return () => {
      drawn.destroy()
      chart.current = null
    }
    // Drawn once; later figures update it in place (below), so a new range moves, not flashes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const drawn = chart.current
    if (!drawn) return
    const next = configOf(JSON.parse(key) as ChartSpec)
    drawn.data = next.data
    drawn.update()
  }, [key])

  return (
    <canvas ref={canvas} role="img" aria-label={spec.description}>
      {spec.description}
    </canvas>
  )
}
