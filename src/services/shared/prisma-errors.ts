/** Whether a Prisma error is a unique-constraint violation (P2002), whichever database raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
