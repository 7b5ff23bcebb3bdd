import { createHash, hash, randomBytes } from "node:crypto";
import type { DbTx } from "../db/client";

/** Tokens are stored only as this hash; the token itself is shown once, when it is created. */
export function hashToken(token: string): string {
  // the one-shot crypto.hash (Node.js >= 20.12) makes no Hash object: hashed on every request
  return typeof hash === "function" ? hash("sha256", token, "hex") : createHash("sha256").update(token, "utf8").digest("hex");
}

export function generateToken(): string {
  return `wm_${randomBytes(32).toString("base64url")}`;
}

/** Creates an API token for a user and returns it in clear: the only time it is ever visible. */
export async function issueToken(
  db: DbTx,
  userId: string,
  options: { name?: string; token?: string; expiresAt?: Date } = {},
): Promise<string> {
  const token = options.token ?? generateToken();
  await db.apiToken.create({
    data: { userId, tokenHash: hashToken(token), name: options.name ?? "api", expiresAt: options.expiresAt },
  });
  return token;
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value).trim();
  return token.length > 0 ? token : undefined;
}
