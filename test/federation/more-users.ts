import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client";

/**
 * Makes sure the test database (a private copy) holds at least `count` users, by cloning the
 * seeded ones with their departments and SSO links, so a batch of 100 references has real
 * nested lists to load. Returns the ids of `count` users, oldest first.
 */
export async function atLeastUsers(db: Db, count: number): Promise<string[]> {
  const existing = await db.user.findMany({
    include: { userDepartments: true, ssoLinks: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (existing.length === 0) throw new Error("the seeded database has no users to clone");
  const missing = Math.max(0, count - existing.length);
  const users = [];
  const departments = [];
  const links = [];
  for (let i = 0; i < missing; i += 1) {
    const { userDepartments, ssoLinks, id: _id, email, shortCode, ...source } = existing[i % existing.length];
    const id = randomUUID();
    users.push({ ...source, id, email: `clone${i}.${email}`, shortCode: `${shortCode}C${i}` });
    for (const d of userDepartments) departments.push({ id: randomUUID(), userId: id, departmentId: d.departmentId, isLeader: d.isLeader });
    for (const l of ssoLinks) links.push({ id: randomUUID(), userId: id, ssoProviderId: l.ssoProviderId, isUserLinked: l.isUserLinked });
  }
  if (users.length > 0) {
    await db.user.createMany({ data: users });
    await db.userDepartment.createMany({ data: departments });
    await db.userSsoProvider.createMany({ data: links });
  }
  const rows = await db.user.findMany({ select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: count });
  return rows.map((r) => r.id);
}
