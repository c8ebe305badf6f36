import type { RequestHandler, Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthUser } from '../contracts/accounts.js';
import type { AppContext } from '../context.js';
import { findAuthUser } from '../projections/accounts/queries.js';

export const TOKEN_COOKIE = 'aforo_token';
const TOKEN_TTL_SECONDS = 60 * 60 * 24 * 14;

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, loaded from the accounts read model for every request that carries a valid token. */
    user?: AuthUser;
    sessionId?: string;
  }
}

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** JWT (HS256) carrying the user and the session; a session deleted at logout invalidates its token. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}

export function tokenFrom(cookieHeader: string | undefined, authorization: string | undefined): string | undefined {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]+)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** Resolves a token to the user behind it, or null (bad signature, expired, session ended, user deleted). */
export async function userFromToken(ctx: AppContext, token: string | undefined): Promise<{ user: AuthUser; sessionId: string } | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const user = await findAuthUser(ctx.db, claims.userId, claims.sessionId);
  return user ? { user, sessionId: claims.sessionId } : null;
}

export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    try {
      const found = await userFromToken(ctx, tokenFrom(req.headers.cookie, req.headers.authorization));
      if (found) {
        req.user = found.user;
        req.sessionId = found.sessionId;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function setTokenCookie(res: Response, token: string, secure: boolean) {
  res.cookie(TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: TOKEN_TTL_SECONDS * 1000,
  });
}

export function clearTokenCookie(res: Response) {
  res.clearCookie(TOKEN_COOKIE, { path: '/' });
}
