import { Field, type ClassType } from "type-graphql";
import { listCost } from "../../domain/list-cost";

/**
 * A list field answering at most its first `cap` items: its cost (listCost) and the end of its
 * description ("...: the first 20.", or for a list its `holder` never lets grow past the cap
 * "...: at most 50 (a project takes no more).") are made from the one number, so the schema
 * states the cap the cost model counts.
 */
export function FirstOf(item: () => ClassType, cap: number, description: string, holder?: string): PropertyDecorator {
  const bound = holder ? `at most ${cap} (${holder} takes no more)` : `the first ${cap}`;
  return Field(() => [item()], { complexity: listCost(cap), description: `${description}: ${bound}.` });
}
