/** One scrape of /metrics (the Prometheus text format), read as a scraper would. */
export interface Scrape {
  text: string
  /** The sample with exactly these labels, or undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined
}

const SAMPLE = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)/
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g

export function scrape(text: string): Scrape {
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      const match = SAMPLE.exec(line)
      if (!match) return []
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(LABEL)].map(([, name = '', value = '']) => [name, value]),
      )
      const raw = match[3] ?? ''
      const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw)
      return [{ name: match[1], labels, value }]
    })
  return {
    text,
    value(name, labels = {}) {
      const wanted = Object.entries(labels)
      return samples.find(
        (sample) =>
          sample.name === name &&
          Object.keys(sample.labels).length === wanted.length &&
          wanted.every(([key, value]) => sample.labels[key] === value),
      )?.value
    },
  }
}
