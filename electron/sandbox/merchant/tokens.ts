// What the authorisation server hands out and takes back: one-use authorisation codes bound to
// their PKCE challenge, signed access tokens (JWT, HS256: `sub` is the user, `scope` the claim the
// endpoint turns into `scopes`), and rotating refresh tokens. All in memory, timed by the clock.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Grant {
  userId: string;
  clientId: string;
  /** As asked for; absent when the client asked for none (the endpoint then reads `read`). */
  scope: string | undefined;
  /** The resource indicator (RFC 8707) the tokens are for. */
  resource: string;
}

interface PendingCode extends Grant {
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}

interface RefreshRecord extends Grant {
  expiresAt: number;
}

export interface AccessClaims {
  iss: string;
  sub: string;
  aud: string;
  client_id: string;
  scope?: string;
  iat: number;
  exp: number;
  jti: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface TokenLifetimes {
  accessMs: number;
  refreshMs: number;
  codeMs: number;
}

/** Why a code or refresh token was not accepted, in OAuth's error words. */
export class GrantRefused extends Error {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_target' | 'invalid_scope' | 'invalid_request',
    description: string,
  ) {
    super(description);
  }
}

const opaque = () => randomBytes(32).toString('base64url');
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class TokenService {
  private readonly key = randomBytes(32);
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  /** Access tokens still honoured, by `jti`, with their user (revocation removes them). */
  private readonly liveAccess = new Map<string, string>();

  constructor(
    private readonly issuer: string,
    private readonly lifetimes: TokenLifetimes,
    private readonly now: () => number,
  ) {}

  issueCode(grant: Grant, redirectUri: string, codeChallenge: string): string {
    const code = opaque();
    this.codes.set(code, {
      ...grant,
      redirectUri,
      codeChallenge,
      expiresAt: this.now() + this.lifetimes.codeMs,
    });
    return code;
  }

  /** Redeems a code once: the same client, redirect URI and resource, and the PKCE verifier. */
  redeemCode(
    code: string,
    asked: {
      clientId: string;
      redirectUri: string | undefined;
      verifier: string | undefined;
      resource: string;
    },
  ): TokenAnswer {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt <= this.now() || pending.clientId !== asked.clientId)
      throw new GrantRefused('invalid_grant', 'The authorisation code is unknown, used or expired.');
    if (asked.redirectUri !== pending.redirectUri)
      throw new GrantRefused('invalid_grant', 'redirect_uri differs from the authorisation request.');
    if (!asked.verifier || !sameText(s256(asked.verifier), pending.codeChallenge))
      throw new GrantRefused('invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
    if (asked.resource !== pending.resource)
      throw new GrantRefused('invalid_target', 'resource differs from the authorisation request.');
    return this.issueTokens(pending);
  }

  /** Rotates: the refresh token given stops working, a new one comes back with the access token. */
  refresh(
    token: string,
    asked: { clientId: string; resource: string | undefined; scope: string | undefined },
  ) {
    const record = this.refreshTokens.get(token);
    if (!record || record.expiresAt <= this.now() || record.clientId !== asked.clientId)
      throw new GrantRefused('invalid_grant', 'The refresh token is unknown, used, revoked or expired.');
    if (asked.resource !== undefined && asked.resource !== record.resource)
      throw new GrantRefused('invalid_target', 'resource differs from the original grant.');
    const granted = (record.scope ?? 'read').split(' ');
    if (asked.scope !== undefined && asked.scope.split(' ').some((s) => !granted.includes(s)))
      throw new GrantRefused('invalid_scope', 'A refresh cannot widen the scope.');
    this.refreshTokens.delete(token);
    return this.issueTokens({ ...record, scope: asked.scope ?? record.scope });
  }

  private issueTokens(grant: Grant): TokenAnswer {
    const iat = Math.floor(this.now() / 1000);
    const claims: AccessClaims = {
      iss: this.issuer,
      sub: grant.userId,
      aud: grant.resource,
      client_id: grant.clientId,
      ...(grant.scope !== undefined && { scope: grant.scope }),
      iat,
      exp: iat + Math.floor(this.lifetimes.accessMs / 1000),
      jti: opaque(),
    };
    this.liveAccess.set(claims.jti, grant.userId);
    const refreshToken = opaque();
    this.refreshTokens.set(refreshToken, {
      userId: grant.userId,
      clientId: grant.clientId,
      scope: grant.scope,
      resource: grant.resource,
      expiresAt: this.now() + this.lifetimes.refreshMs,
    });
    return {
      access_token: this.sign(claims),
      token_type: 'Bearer',
      expires_in: claims.exp - iat,
      refresh_token: refreshToken,
      scope: grant.scope ?? 'read',
    };
  }

  private sign(claims: AccessClaims): string {
    const body = `${base64url({ alg: 'HS256', typ: 'at+jwt' })}.${base64url(claims)}`;
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  /** The claims of a token this server signed, whatever they say; null for anything else. */
  private readSigned(token: string): AccessClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const expected = createHmac('sha256', this.key).update(`${parts[0]}.${parts[1]}`).digest('base64url');
    if (!sameText(parts[2]!, expected)) return null;
    return JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
  }

  /** The claims of an access token this server signed for `audience`, still live; else null. */
  verifyAccess(token: string, audience: string): AccessClaims | null {
    const claims = this.readSigned(token);
    if (!claims || claims.iss !== this.issuer || claims.aud !== audience) return null;
    if (claims.exp * 1000 <= this.now() || !this.liveAccess.has(claims.jti)) return null;
    return claims;
  }

  /** RFC 7009: forgets one token, access or refresh, whichever it is (unknown ones: nothing). */
  revokeToken(token: string): void {
    if (this.refreshTokens.delete(token)) return;
    const claims = this.readSigned(token);
    if (claims) this.liveAccess.delete(claims.jti);
  }

  /** Every access and refresh token of the user stops working (a test control). */
  revokeUser(userId: string): number {
    let revoked = 0;
    for (const [jti, owner] of this.liveAccess)
      if (owner === userId && this.liveAccess.delete(jti)) revoked += 1;
    for (const [token, record] of this.refreshTokens)
      if (record.userId === userId && this.refreshTokens.delete(token)) revoked += 1;
    return revoked;
  }
}
