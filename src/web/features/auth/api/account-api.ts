import type { DeleteAccountRequest } from '#shared/schemas/delete-account.ts'
import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

// The signed-in member's own account: profile, picture, deletion, and the first-admin link.

/** Her given and family name; the server composes her full name from them. */
export const updateProfile = (names: { givenName: string; familyName: string }) =>
  callApi(() => api.me.$patch({ json: names }))

/** Multipart upload; the typed client does not build form bodies, so this one is fetch. */
export const uploadAvatar = (file: File) => {
  const form = new FormData()
  form.set('file', file)
  return callApi<{ avatarUrl: string }>(() =>
    fetch('/api/me/avatar', { method: 'POST', body: form }),
  )
}

export const removeAvatar = () => callApi(() => api.me.avatar.$delete())

/** Whether other members who sat with her see her in their "people you met" lists. */
export const setPeopleMetVisible = (visible: boolean) =>
  callApi(() => api.me['people-met'].$put({ json: { visible } }))

/** Whether she gets an e-mail before the events she has a place at. */
export const setEventReminders = (enabled: boolean) =>
  callApi(() => api.me['event-reminders'].$put({ json: { enabled } }))

/** Whether she signs in with a password, with Google, or both: deletion is confirmed the same way. */
export const fetchSignInMethods = () => callApi(() => api.account['sign-in-methods'].$get())

export const deleteAccount = (request: DeleteAccountRequest) =>
  callApi(() => api.account.delete.$post({ json: request }))

/** Spends the one-time first-admin link: the signed-in account becomes the admin. */
export const claimFirstAdmin = (token: string) =>
  callApi(() => api['admin-setup'].$post({ json: { token } }))
