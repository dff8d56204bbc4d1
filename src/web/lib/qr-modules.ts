import { encode } from 'uqr'

/** Light modules around the code: the QR standard asks for 4, and scanners find the code by them. */
export const QR_QUIET_ZONE = 4

/**
 * The modules of the QR code of `text`, quiet zone included: `true` is dark. Error correction M
 * (15 %): a phone screen held at a slant, with a glare, still scans, and a member code still fits
 * the smallest size (version 1, 21 modules).
 */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: QR_QUIET_ZONE }).data
}
