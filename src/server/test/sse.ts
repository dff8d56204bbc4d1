/** Reads a server-sent events response message by message, as a browser's EventSource would. */
export function sseReader(response: Response) {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  if (!reader) throw new Error('no stream body')
  let buffer = ''
  return {
    /** The next message of this type (others are skipped); rejects after `timeoutMs`. */
    async next(type: string, timeoutMs = 5_000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n')
          if (event === type) return JSON.parse(data) as unknown
          continue
        }
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms`)
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)),
              left,
            ),
          ),
        ])
        if (chunk.done) throw new Error('the stream ended')
        buffer += chunk.value
      }
    },
    /** Resolves once the server ends the stream (messages meanwhile are skipped); rejects after `timeoutMs`. */
    async ended(timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`the stream was still open after ${timeoutMs} ms`)
        let timer: ReturnType<typeof setTimeout> | undefined
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`the stream was still open after ${timeoutMs} ms`)),
              left,
            )
          }),
        ]).finally(() => clearTimeout(timer))
        if (chunk.done) return
      }
    },
    close: () => reader.cancel(),
  }
}
