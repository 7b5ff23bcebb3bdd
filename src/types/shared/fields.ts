// The field declarations object types and inputs share: optional fields, capped lists, open sets.
import { ArrayMaxSize, MaxLength } from "class-validator";
import { Field, type ClassType } from "type-graphql";
import type { GraphQLScalarType } from "graphql";
import { listCost } from "../../domain/list-cost";

/** Applies `decorators` as if written one above the other, the last first (as TypeScript applies them). */
const stacked =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/** A field of `type` (a class, a scalar, an enum or `[item]`), described. */
export const Required = (type: ClassType | GraphQLScalarType | object, description: string): PropertyDecorator =>
  Field(() => type, { description });

/** An optional field: nullable, of `type`, described. */
export const Optional = (type: ClassType | GraphQLScalarType | object, description: string): PropertyDecorator =>
  Field(() => type, { nullable: true, description });

/**
 * An optional text of at most `max` characters (nullable, checked by MaxLength), its description
 * stating the limit after `what` and before `more`: `OptionalText(255, "Seller's city")` is
 * "Seller's city, up to 255 characters.".
 */
export const OptionalText = (max: number, what: string, more = ""): PropertyDecorator =>
  stacked(Optional(String, `${what}, up to ${max} characters${more}.`), MaxLength(max));

/** An optional list of at most `max` items of `item` (nullable, checked by ArrayMaxSize). */
export const OptionalList = (item: ClassType | GraphQLScalarType | object, max: number, description: string): PropertyDecorator =>
  stacked(Optional([item], description), ArrayMaxSize(max));

/** A list of at most `cap` items of `item`, its cost (listCost) counting that many. */
export const Capped = (item: ClassType, cap: number, description: string): PropertyDecorator =>
  Field(() => [item], { complexity: listCost(cap), description });

/**
 * A list field answering at most its first `cap` items: its cost (listCost) and the end of its
 * description ("...: the first 20.", or for a list its `holder` never lets grow past the cap
 * "...: at most 50 (a project takes no more).") are made from the one number, so the schema
 * states the cap the cost model counts.
 */
export function FirstOf(item: ClassType, cap: number, description: string, holder?: string): PropertyDecorator {
  const bound = holder ? `at most ${cap} (${holder} takes no more)` : `the first ${cap}`;
  return Capped(item, cap, `${description}: ${bound}.`);
}

/**
 * A String field whose values the interface calls an open set (observed values only): not an
 * enum, and its description (what it holds, with examples) says so.
 */
export const OpenSet = (description: string): PropertyDecorator =>
  Field(() => String, {
    description: `${description} An open set (the interface shows observed values only), hence a String, not an enum.`,
  });
