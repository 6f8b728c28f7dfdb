// Which addresses the till may hand to the system browser: the merchant dashboard's sign-in page
// over https, or the sandbox stand-in's on this computer. Anything else (file:, custom schemes,
// plain http to another machine) is refused, so a bad address can never launch another program.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isOpenableAddress(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
