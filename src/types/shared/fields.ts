// Field declarations shared by object types and inputs: an optional field is nullable and described.
import { ArrayMaxSize, MaxLength } from "class-validator";
import { Field, type ClassType } from "type-graphql";
import type { GraphQLScalarType } from "graphql";

/** Applies `decorators` as if written one above the other, the last first (as TypeScript applies them). */
const stacked =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };

/** An optional field: nullable, of `type` (a class, a scalar, an enum or `[item]`), described. */
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
