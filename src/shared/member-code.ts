/**
 * A member code as typed or read aloud at the door: letters and digits only, upper case
 * ("k7m 4qx" → "K7M4QX"). The server and the door screen read codes the same way.
 */
export const normalizeMemberCode = (input: string) => input.toUpperCase().replace(/[^0-9A-Z]/g, '')

/** Confusable characters read the same: O as 0, I and L as 1 (a code typed from a screen). */
export const foldConfusables = (code: string) => code.replace(/O/g, '0').replace(/[IL]/g, '1')
