import DataLoader from "dataloader";
import type { ReadPort } from "../db/database";
import type { DbTx } from "../db/client";
import { statement, type StatementBuilder } from "../db/statements";
import type { Viewer } from "./authenticate";
import { stringList, toBool } from "../db/row-values";

/** A rule as far as the memo needs it (src/auth/rule.ts). */
interface Decider {
  decide(viewer: Viewer): boolean | undefined;
}

interface Keys {
  me: string;
  ids: readonly string[];
}

/** The two slots of the memo's statements: the caller and one tick's batch of ids. */
const slots = (b: StatementBuilder<Keys>) => ({ me: b.param((k) => k.me), ids: b.param((k) => k.ids) });

const PROJECT_ROLES = statement(
  "access.projectRoles",
  (_: Keys) => null,
  (b) => {
    const { me, ids } = slots(b);
    return b.db
      .selectFrom("ProjectUserAssignment as a")
      .select(["a.projectId", "a.role"])
      .where("a.userId", "=", me)
      .where((eb) => b.inList(eb.ref("a.projectId"), ids));
  },
);

const HIDDEN_RATE_ROLES = statement(
  "access.hiddenRateRoles",
  (_: Keys) => null,
  (b) =>
    b.db
      .selectFrom("ProjectSettings as s")
      .select(["s.id", "s.hideHourlyRateForRoles"])
      .where((eb) => b.inList(eb.ref("s.id"), slots(b).ids)),
);

const TOPICS = statement(
  "access.topics",
  (_: Keys) => null,
  (b) => {
    const { me, ids } = slots(b);
    return b.db
      .selectFrom("AssignedChatTopicUser as m")
      .select(["m.topicId", "m.isTopicOwner"])
      .where("m.userId", "=", me)
      .where((eb) => b.inList(eb.ref("m.topicId"), ids));
  },
);

/**
 * Facts about the caller that need the database, asked at most once per request: built once per
 * request with its read port (src/context.ts), so the lookups run inside the request's budget,
 * and dies with it (a revoked project role applies at the next request; a failed lookup is never
 * remembered: DataLoader drops a rejected key). Lookups of one tick are one statement. Inside a
 * write's transaction a check asks through the transaction (`via`): it sees the transaction's own
 * writes and needs no second connection (docs/ARCHITECTURE.md, "One data port").
 */
export class RequestAccess {
  /** Made at their first question: most requests ask none of them. */
  private rolesLoader?: DataLoader<string, string | undefined>;
  private hiddenLoader?: DataLoader<string, string[]>;
  private topicsLoader?: DataLoader<string, { member: boolean; owner: boolean }>;
  /** What each rule's `decide` said for this caller (field rules ask it for every object). */
  private readonly decisions = new Map<Decider, boolean | undefined>();
  /** The rules a service required during this request (policy.require), for the check of declared rules under tests. */
  readonly required = new Set<Decider>();

  constructor(
    private readonly read: ReadPort,
    readonly viewer: Viewer,
  ) {}

  private get roles(): DataLoader<string, string | undefined> {
    return (this.rolesLoader ??= new DataLoader(async (ids) => {
      const byProject = new Map((await this.read.all(PROJECT_ROLES, { me: this.viewer.id, ids })).map((r) => [r.projectId, r.role]));
      return ids.map((id) => byProject.get(id));
    }));
  }

  /** `rule.decide` for this caller, asked once per request. */
  decide(rule: Decider): boolean | undefined {
    if (!this.decisions.has(rule)) this.decisions.set(rule, rule.decide(this.viewer));
    return this.decisions.get(rule);
  }

  /** The caller's role in a project (absent: not assigned). */
  async projectRole(projectId: string, via?: DbTx): Promise<string | undefined> {
    if (!via) return this.roles.load(projectId);
    const row = await via.projectUserAssignment.findUnique({
      where: { projectId_userId: { projectId, userId: this.viewer.id } },
      select: { role: true },
    });
    return row?.role;
  }

  /** Remembers a role a statement of the request read already (null: not assigned), so a rule asking it costs no lookup. */
  knowRole(projectId: string, role: string | null): void {
    this.roles.prime(projectId, role ?? undefined);
  }

  /** ProjectSettings.hideHourlyRateForRoles of a project. */
  hiddenRateRoles(projectId: string): Promise<string[]> {
    this.hiddenLoader ??= new DataLoader(async (ids) => {
      const byProject = new Map(
        (await this.read.all(HIDDEN_RATE_ROLES, { me: this.viewer.id, ids })).map((r) => [r.id, stringList(r.hideHourlyRateForRoles)]),
      );
      return ids.map((id) => byProject.get(id) ?? []);
    });
    return this.hiddenLoader.load(projectId);
  }

  /** Whether the caller belongs to a chat topic, and owns it. */
  async topicMembership(topicId: string, via?: DbTx): Promise<{ member: boolean; owner: boolean }> {
    if (!via) {
      this.topicsLoader ??= new DataLoader(async (ids) => {
        const byTopic = new Map((await this.read.all(TOPICS, { me: this.viewer.id, ids })).map((r) => [r.topicId, r.isTopicOwner]));
        return ids.map((id) => ({ member: byTopic.has(id), owner: toBool(byTopic.get(id)) }));
      });
      return this.topicsLoader.load(topicId);
    }
    const row = await via.assignedChatTopicUser.findUnique({
      where: { topicId_userId: { topicId, userId: this.viewer.id } },
      select: { isTopicOwner: true },
    });
    return { member: row !== null, owner: row?.isTopicOwner === true };
  }
}
