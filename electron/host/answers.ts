// Every answer the browser host gives carries the same security headers: pages, errors, the
// raw refusals written straight to a socket (refused upgrades, requests Node cannot parse) and
// the WebSocket's own 101.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../shared/security';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY_HEADER,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** A short plain-text answer through Node's response object. */
export function answer(
  res: ServerResponse,
  status: number,
  body = '',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, plainTextHeaders(body, headers)).end(body);
}

/**
 * The same answer written by hand on a bare socket, for the paths where Node hands over the
 * socket instead of a response: a refused upgrade and a request it could not parse.
 */
export function answerOnSocket(
  socket: Duplex,
  status: number,
  body = '',
  headers: Record<string, string> = {},
): void {
  const all = { ...plainTextHeaders(body, headers), connection: 'close' };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of Object.entries(all)) head.push(`${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** The headers as `name: value` lines, for the WebSocket's 101 answer. */
export function securityHeaderLines(): string[] {
  return Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`);
}

function plainTextHeaders(body: string, headers: Record<string, string>): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  };
}
