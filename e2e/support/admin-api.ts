import { expect, type APIRequestContext } from '@playwright/test'

/** The admin's API, through a page signed in as the admin: POST a JSON body, fail on a refusal. */
export function adminApi(request: APIRequestContext, baseURL: string | undefined) {
  const headers = { origin: new URL(baseURL ?? '').origin }
  return async (path: string, data: unknown = {}) => {
    const response = await request.post(path, { data, headers })
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
    return (await response.json()) as { id: string }
  }
}

/** A message with its {{placeholders}} filled in, as i18next would. */
export const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text)
