// Small HTTP pieces the merchant stand-in's listeners share: form bodies, HTML pages, redirects,
// OAuth error bodies, and the CORS header public metadata carries.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../common/http-util';

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** An `application/x-www-form-urlencoded` body (token, revocation and sign-in requests). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}) {
  res.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': 0, ...headers });
  res.end();
}

/** RFC 6749 section 5.2 shape; never cached. */
export function sendOAuthError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    { error, error_description: description },
    { 'cache-control': 'no-store', ...headers },
  );
}

/** Metadata documents are public: any browser-based client may read them. */
export const PUBLIC_CORS = { 'access-control-allow-origin': '*' };

/** The path of a request, without query string or trailing slash. */
export function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
}

export function queryOf(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://stand-in').searchParams;
}

/** A page of the sandbox dashboard: plain, readable, no scripts. */
export function dashboardPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;font:inherit}
button{margin-top:1rem;padding:.5rem 1.25rem;font:inherit}.problem{color:#a00}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}
