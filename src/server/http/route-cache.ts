import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** Paths remembered; past this many (an id in every path), the memory starts again. */
export const MAX_PATHS = 1_000
/** Longer paths are matched every time: the memory stays small (a path can be 16 KB long). */
export const MAX_PATH_LENGTH = 200

/**
 * Hono's own router (the same choice of RegExpRouter or TrieRouter that `new Hono()` makes),
 * remembering what each method and path matched: a route table is the same for every request,
 * and ours falls back to the TrieRouter, which walks its tree and builds its answer anew each time
 * (decision 0036). Hono treats a match as read-only (RegExpRouter hands out one shared answer
 * for every static path), so one answer can serve every request for its path: at most 1,000
 * paths of up to 200 characters, a few hundred kilobytes at worst. Routes are all
 * added before the first request (Hono's SmartRouter refuses any later); a router that takes one
 * later forgets what was remembered.
 */
export class CachedRouter<T> implements Router<T> {
  name = 'CachedRouter'
  readonly #router: Router<T>
  readonly #matches = new Map<string, Result<T>>()

  constructor(
    router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] }),
  ) {
    this.#router = router
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear()
    this.#router.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.#router.match(method, path)
    const key = `${method} ${path}`
    let result = this.#matches.get(key)
    if (result === undefined) {
      result = this.#router.match(method, path)
      if (this.#matches.size >= MAX_PATHS) this.#matches.clear()
      this.#matches.set(key, result)
    }
    return result
  }
}
