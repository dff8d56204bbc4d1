import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type { ApiResult } from '#web/lib/call-api.ts'
import type { PasskeyRow } from '#web/lib/query-keys.ts'
import { authGet, authPost } from './auth-api.ts'

// Passkeys through Better Auth's passkey plugin (decision 0043): the server makes the challenge,
// the browser's passkey prompt signs it, the server checks the signature.

export type Passkey = PasskeyRow

export const removePasskey = (id: string) => authPost('/passkey/delete-passkey', { id })

/** What the browser's prompt answered when it did not sign: closed by her, or not possible. */
export type PromptOutcome = { ok: false; code: 'cancelled' | 'unsupported'; message: string }

async function prompt<T>(run: () => Promise<T>): Promise<T | PromptOutcome> {
  try {
    return await run()
  } catch (error) {
    const cancelled =
      (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
      (error instanceof Error && error.name === 'NotAllowedError')
    return {
      ok: false,
      code: cancelled ? 'cancelled' : 'unsupported',
      message: error instanceof Error ? error.message : '',
    }
  }
}

const isOutcome = (value: unknown): value is PromptOutcome =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === false

/** Adds a passkey of this device to her account, under `name`. */
export async function addPasskey(name: string): Promise<ApiResult<unknown> | PromptOutcome> {
  const options = await authGet<PublicKeyCredentialCreationOptionsJSON>(
    `/passkey/generate-register-options?name=${encodeURIComponent(name)}`,
  )
  if (!options.ok) return options
  const response = await prompt(() => startRegistration({ optionsJSON: options.data }))
  if (isOutcome(response)) return response
  return authPost('/passkey/verify-registration', { response, name })
}

/** Signs in with a passkey: the browser offers the ones it has for this site. */
export async function signInWithPasskey(): Promise<ApiResult<unknown> | PromptOutcome> {
  const options = await authGet<PublicKeyCredentialRequestOptionsJSON>(
    '/passkey/generate-authenticate-options',
  )
  if (!options.ok) return options
  const response = await prompt(() => startAuthentication({ optionsJSON: options.data }))
  if (isOutcome(response)) return response
  return authPost('/passkey/verify-authentication', { response })
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
