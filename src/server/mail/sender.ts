/**
 * A From as MAIL_FROM writes it (`Name <address>`, `"Name" <address>`, or a bare address): its
 * display name and its address. The e-mails' sender and the calendar invitations' organiser.
 */
export function splitSender(from: string): { name: string | null; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from)
  if (match?.[2]) return { name: match[1]?.trim() || null, address: match[2] }
  return { name: null, address: from.trim() }
}
