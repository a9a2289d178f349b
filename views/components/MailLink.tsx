/**
 * A link writing to `address`. The address is encoded (RFC 6068): an address a visitor typed may hold
 * `?`, `&` or `=`, which a mail client reads as the draft's fields (`?cc=…&body=…`), and the contact
 * form's and registration's checks allow them (a security review's finding, session 13).
 */
function mailtoHref(address: string): string {
  return `mailto:${address.split('@').map(encodeURIComponent).join('@')}`
}

export function MailLink({ address }: { address: string }) {
  return <a href={mailtoHref(address)}>{address}</a>
}
