// The renderer's Content Security Policy, used by the Electron window and the browser host.
// No inline script, no eval, no remote origin; connect only to the page's own origin
// (the browser host's WebSocket is same-origin).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** As an HTTP header the policy can also forbid framing (a <meta> policy cannot). */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
