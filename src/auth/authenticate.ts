import type { DbTx } from "../db/client";
import { hashToken, tokenFromHeader } from "./tokens";
import { Role } from "../domain/value-sets";

/** The authenticated caller, as every resolver sees it. */
export interface Viewer {
  id: string;
  email: string;
  roles: string[];
  isAdmin: boolean;
  /** An external user (a client's or subcontractor's staff): sees only what they work on. */
  isExternal?: boolean;
}

export type AuthResult = { viewer: Viewer; expiresAt: Date | null } | { viewer: null; reason: string };

/**
 * Resolves the Authorization header to a user. Unknown, revoked and expired tokens are refused,
 * and so are users who may not log in or may not use API tokens.
 */
export async function authenticate(db: DbTx, authorization: string | undefined, now = new Date()): Promise<AuthResult> {
  const token = tokenFromHeader(authorization);
  if (!token) return { viewer: null, reason: "A valid API token is required: send it in the Authorization header." };
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { include: { roles: true } } },
  });
  if (!row || row.revokedAt) return { viewer: null, reason: "The API token is unknown or revoked." };
  if (row.expiresAt && row.expiresAt <= now) return { viewer: null, reason: "The API token has expired." };
  const user = row.user;
  if (!user.canLogIn) return { viewer: null, reason: "This user may not log in." };
  if (!user.allowApiTokenAuthentication) return { viewer: null, reason: "This user may not use API tokens." };
  const roles = user.roles.map((r) => r.role);
  return {
    viewer: { id: user.id, email: user.email, roles, isAdmin: roles.includes(Role.admin), isExternal: user.isExternal },
    expiresAt: row.expiresAt,
  };
}
