import type { ApiErrorBody } from '#shared/api-error.ts'

export type ApiResult<T> = { ok: true; data: T } | ({ ok: false; status: number } & ApiErrorBody)

/**
 * Runs one typed-client call and never throws: the answer's data, or the server's
 * `{ code, message }` (message already in the user's language; empty when the network failed,
 * so the caller shows its own fallback text).
 */
export async function callApi<T>(
  request: () => Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<ApiResult<T>> {
  try {
    const response = await request()
    const body: unknown = await response.json().catch(() => null)
    if (response.ok) return { ok: true, data: body as T }
    const error = (body ?? {}) as Partial<ApiErrorBody>
    return {
      ok: false,
      status: response.status,
      code: error.code ?? 'unknown',
      message: error.message ?? '',
      fields: error.fields,
    }
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: '' }
  }
}
