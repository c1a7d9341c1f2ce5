import { jwtDecode } from 'jwt-decode';

export interface TokenClaims {
  _id?: string;
  exp?: number;
}

/** Reads the claims of the stored token without trusting them (the server checks the signature). */
export function readClaims(token: string): TokenClaims | null {
  try {
    return jwtDecode<TokenClaims>(token);
  } catch {
    return null;
  }
}

/** A token counts as expired once its `exp` (seconds) is before now; without `exp` it never expires. */
export function isExpired(claims: TokenClaims, nowSeconds = Date.now() / 1000): boolean {
  return typeof claims.exp === 'number' && claims.exp < nowSeconds;
}
