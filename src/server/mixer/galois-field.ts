export interface GaloisField {
  order: number
  add(a: number, b: number): number
  sub(a: number, b: number): number
  mul(a: number, b: number): number
}

function primePower(q: number): { prime: number; degree: number } | null {
  if (!Number.isInteger(q) || q < 2) return null
  for (let p = 2; p * p <= q; p++) {
    if (q % p !== 0) continue
    let rest = q
    let degree = 0
    while (rest % p === 0) {
      rest /= p
      degree++
    }
    return rest === 1 ? { prime: p, degree } : null
  }
  return { prime: q, degree: 1 }
}

/**
 * GF(q) for a prime power q ≤ 128, or null. Elements are 0..q−1, read as polynomials over
 * GF(p) in base p; multiplication goes through log tables built from a primitive polynomial,
 * found by trying the monic ones in order.
 */
export function galoisField(q: number): GaloisField | null {
  const power = primePower(q)
  if (!power || q > 128) return null
  const { prime: p, degree: e } = power
  const digits = (a: number) => Array.from({ length: e }, (_, i) => Math.floor(a / p ** i) % p)
  const fromDigits = (d: number[]) => d.reduce((sum, digit, i) => sum + digit * p ** i, 0)
  const addTable = new Int32Array(q * q)
  for (let a = 0; a < q; a++) {
    const da = digits(a)
    for (let b = 0; b < q; b++) {
      const db = digits(b)
      addTable[a * q + b] = fromDigits(da.map((digit, i) => (digit + (db[i] ?? 0)) % p))
    }
  }
  const add = (a: number, b: number) => addTable[a * q + b] ?? 0
  const negTable = new Int32Array(q)
  for (let a = 0; a < q; a++) negTable[a] = fromDigits(digits(a).map((digit) => (p - digit) % p))
  const sub = (a: number, b: number) => add(a, negTable[b] ?? 0)

  // x · a mod f, where f = x^e + (the lower coefficients in `low`).
  const timesX = (a: number, low: number[]) => {
    const d = digits(a)
    const top = d[e - 1] ?? 0
    const shifted = [0, ...d.slice(0, e - 1)]
    return fromDigits(shifted.map((digit, i) => (((digit - top * (low[i] ?? 0)) % p) + p) % p))
  }
  const exp = new Int32Array(q)
  const log = new Int32Array(q)
  for (let candidate = 0; candidate < q; candidate++) {
    const low = digits(candidate)
    let value = 1
    let period = 0
    do {
      exp[period] = value
      value = e === 1 ? (value * primitiveRoot(p)) % p : timesX(value, low)
      period++
    } while (value !== 1 && value !== 0 && period < q)
    if (value === 1 && period === q - 1) {
      for (let i = 0; i < q - 1; i++) log[exp[i] ?? 0] = i
      const mul = (a: number, b: number) =>
        a === 0 || b === 0 ? 0 : (exp[((log[a] ?? 0) + (log[b] ?? 0)) % (q - 1)] ?? 0)
      return { order: q, add, sub, mul }
    }
    if (e === 1) break
  }
  return null
}

function primitiveRoot(p: number): number {
  for (let g = 1; g < p; g++) {
    let value = g
    let period = 1
    while (value !== 1) {
      value = (value * g) % p
      period++
    }
    if (period === p - 1) return g
  }
  return 1
}
