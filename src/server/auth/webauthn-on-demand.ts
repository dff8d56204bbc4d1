/**
 * What the passkey plugin (@better-auth/passkey) takes from @simplewebauthn/server, loaded when
 * a passkey is first registered or used rather than at every start. The bundle
 * (scripts/build-server.ts) gives the plugin this module in the package's place: the package
 * brings certificate parsing (@peculiar/x509, asn1js, tsyringe) whose set-up was the largest
 * part of the server's module evaluation at start (decision 103). Each function is one the
 * plugin awaits, so a promise in front of it changes nothing for the plugin.
 */
type WebAuthn = typeof import('@simplewebauthn/server')

let loaded: Promise<WebAuthn> | undefined
const webAuthn = () => (loaded ??= import('@simplewebauthn/server'))

export const generateRegistrationOptions: WebAuthn['generateRegistrationOptions'] = async (
  ...args
) => (await webAuthn()).generateRegistrationOptions(...args)
export const verifyRegistrationResponse: WebAuthn['verifyRegistrationResponse'] = async (...args) =>
  (await webAuthn()).verifyRegistrationResponse(...args)
export const generateAuthenticationOptions: WebAuthn['generateAuthenticationOptions'] = async (
  ...args
) => (await webAuthn()).generateAuthenticationOptions(...args)
export const verifyAuthenticationResponse: WebAuthn['verifyAuthenticationResponse'] = async (
  ...args
) => (await webAuthn()).verifyAuthenticationResponse(...args)
