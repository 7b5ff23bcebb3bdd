import { generateToken } from "../auth/tokens";
import type { Db, DbTx } from "../db/client";
import { seedCalendar } from "./calendar.seed";
import { seedChat, seedNotes } from "./chat-crm.seed";
import { seedComments } from "./comments.seed";
import type { SeedContext } from "./context";
import { seedContractorRelations, seedContractors } from "./contractors.seed";
import { seedCustomFields } from "./custom-fields.seed";
import { seedFiles } from "./files.seed";
import { seedFinance } from "./finance.seed";
import { Inserter } from "./insert";
import { seedProjectDictionaries } from "./project-dictionaries.seed";
import { seedProjects } from "./projects.seed";
import { Random } from "./random";
import { seedRisks } from "./risks.seed";
import { seedTasks } from "./tasks.seed";
import { seedTemplates } from "./templates.seed";
import { seedReportedTime } from "./time.seed";
import { seedAdminToken, seedShortcuts, seedUsers } from "./users.seed";

export { demoIds } from "./demo-ids";

export interface SeedOptions {
  /** Multiplies the volume of users, projects, tasks, reported time, vacations, invoices and notes (default 1). */
  scale?: number;
  /** When set, the admin user's API token is exactly this; otherwise a random one is made. */
  adminToken?: string;
}

export interface SeedResult {
  /** The admin's API token, in clear: only its hash is stored. */
  adminToken: string;
  /** Rows written per model. */
  counts: Record<string, number>;
}

/** The seed every run starts from: the same text gives the same data everywhere. */
const SEED = "work-management-demo/v1";

/**
 * Fills an empty database with realistic, deterministic demo data: the same rows (ids, texts,
 * dates, amounts) on every run for a given scale; only the admin token differs unless given.
 * Runs in one transaction, so a failure leaves the database as it was.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`seed scale must be a positive number, got ${scale}`);
  const adminToken = options.adminToken ?? generateToken();
  const counts = await db.$transaction((tx) => seedInto(tx, scale, adminToken), { timeout: 600_000, maxWait: 60_000 });
  return { adminToken, counts };
}

/** No users means nothing was ever seeded or created. */
export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.user.count()) === 0;
}

async function seedInto(tx: DbTx, scale: number, adminToken: string): Promise<Record<string, number>> {
  const ctx: SeedContext = { rng: new Random(SEED), scale, out: new Inserter(tx) };

  // Order follows the foreign keys: each area only points at rows written before it.
  const contractors = await seedContractors(ctx);
  const users = await seedUsers(ctx, contractors);
  await seedAdminToken(ctx, users, adminToken);
  await seedShortcuts(ctx, users);
  const fields = await seedCustomFields(ctx);
  await seedContractorRelations(ctx, contractors, users, fields);
  const dictionaries = await seedProjectDictionaries(ctx);
  const templates = await seedTemplates(ctx, users, dictionaries, fields);
  const projects = await seedProjects(ctx, users, contractors, dictionaries, templates, fields);
  const tasks = await seedTasks(ctx, projects, dictionaries);
  await seedFiles(ctx, projects, tasks, dictionaries);
  await seedComments(ctx, tasks, users);
  await seedRisks(ctx, projects, tasks, dictionaries);
  const calendar = await seedCalendar(ctx, users);
  await seedReportedTime(ctx, users, tasks, calendar, dictionaries);
  await seedFinance(ctx, users, contractors, projects);
  await seedChat(ctx, users, projects);
  await seedNotes(ctx, users, contractors);
  return ctx.out.counts;
}
