// Shared steps of the merchant stand-in's tests: start it on a manual clock, register an app,
// build a PKCE authorisation URL, sign in through the dashboard (tests/support driver), trade the
// code for tokens, and send raw HTTP (node:http, so a test can set any Host or Origin header).
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import {
  startMerchantSandbox,
  type MerchantSandbox,
  type MerchantSandboxOptions,
} from '../../../electron/sandbox/merchant/server';
import { ManualClock } from '../../support/manual-clock';
import { DashboardBrowser, type DashboardCredentials } from '../../support/merchant-sign-in';

export const REDIRECT_URI = 'http://127.0.0.1:49152/callback';

export interface StandIn {
  sandbox: MerchantSandbox;
  clock: ManualClock;
  close(): Promise<void>;
}

export async function startStandIn(options: Omit<MerchantSandboxOptions, 'clock'> = {}): Promise<StandIn> {
  const clock = new ManualClock();
  const sandbox = await startMerchantSandbox({ ...options, clock });
  return { sandbox, clock, close: () => sandbox.close() };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/** One HTTP request with exactly these headers (Host included), answered within 5 s. */
export function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, timeout: 5000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Waited 5 s for an answer from ${url}`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

let rpcId = 0;

/** A JSON-RPC POST to /mcp as an MCP client sends it (2025-06-18 stateless: no session needed). */
export function mcpPost(
  sandbox: MerchantSandbox,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return raw(sandbox.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
}

/** The JSON-RPC message of an answer sent as JSON or as one SSE event. */
export function rpcMessage(answer: RawAnswer): { result?: Record<string, unknown>; error?: unknown } {
  const data = /^data: (.*)$/m.exec(answer.text);
  return JSON.parse(data ? data[1]! : answer.text) as { result?: Record<string, unknown>; error?: unknown };
}

/** Calls a tool with a bearer token; the tool's structured answer. */
export async function callTool(
  sandbox: MerchantSandbox,
  token: string,
  name: string,
  args: Record<string, unknown> = {},
) {
  const answer = await mcpPost(
    sandbox,
    'tools/call',
    { name, arguments: args },
    { authorization: `Bearer ${token}` },
  );
  if (answer.status !== 200) throw new Error(`tools/call ${name} answered ${answer.status}: ${answer.text}`);
  const result = rpcMessage(answer).result as {
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  return result;
}

export async function registerApp(sandbox: MerchantSandbox, metadata: Record<string, unknown> = {}) {
  const answer = await raw(`${sandbox.issuer}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Paydesk test',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  if (answer.status !== 201) throw new Error(`Registration answered ${answer.status}: ${answer.text}`);
  return answer.json() as { client_id: string; client_secret?: string };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(
  sandbox: MerchantSandbox,
  clientId: string,
  challenge: string,
  extra: Record<string, string> = {},
): URL {
  const url = new URL(`${sandbox.issuer}/authorize`);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    resource: sandbox.baseUrl,
    scope: 'read',
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

export function tokenRequest(sandbox: MerchantSandbox, form: Record<string, string>) {
  return raw(`${sandbox.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  clientId: string;
}

/** The whole sign-in: register, authorise, post the dashboard form, trade the code. */
export async function signIn(
  sandbox: MerchantSandbox,
  who: DashboardCredentials,
  browser = new DashboardBrowser(),
): Promise<Tokens> {
  const { client_id } = await registerApp(sandbox);
  const { verifier, challenge } = pkcePair();
  const { redirectedTo } = await browser.signIn(authorizationUrl(sandbox, client_id, challenge), who, {
    followToApp: false,
  });
  const code = redirectedTo.searchParams.get('code');
  if (!code) throw new Error(`No code came back: ${redirectedTo.href}`);
  const answer = await tokenRequest(sandbox, {
    grant_type: 'authorization_code',
    code,
    client_id,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource: sandbox.baseUrl,
  });
  if (answer.status !== 200) throw new Error(`Token exchange answered ${answer.status}: ${answer.text}`);
  return { ...(answer.json() as Omit<Tokens, 'clientId'>), clientId: client_id };
}
