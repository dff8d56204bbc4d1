import { api } from '#web/lib/api-client.ts'
import { callApi } from '#web/lib/call-api.ts'

// Her signed-in devices: every browser and app with a session, each of which she can sign out.

export const revokeDeviceSession = (sessionId: string) =>
  callApi(() => api.account.sessions[':sessionId'].$delete({ param: { sessionId } }))

/** Signs out every other browser and app of hers; the answer says how many. */
export const revokeOtherDeviceSessions = () => callApi(() => api.account.sessions.$delete())
