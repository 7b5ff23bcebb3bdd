import { Field, Float, ID, ObjectType } from "type-graphql";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import type { Rule } from "../../auth/rule";

/** A field of a user summary: its GraphQL type, description and visibility rule (contact data, rates); `T` its value's type. */
interface UserField<T> {
  type: () => unknown;
  description: string;
  nullable?: true;
  visibleTo?: Rule<never>;
  value?: T;
}

const text = (description: string): UserField<string> => ({ type: () => String, description });
const flag = (description: string): UserField<boolean> => ({ type: () => Boolean, description });
const optional = <T = string>(type: () => unknown, description: string, visibleTo?: UserField<T>["visibleTo"]): UserField<T | null> => ({
  type,
  description,
  nullable: true,
  visibleTo,
});

/** The fields a summary of a person (and User) may carry, each described once; a summary names the ones it adds, in order. */
const USER_FIELDS = {
  firstName: text("First name."),
  lastName: text("Last name."),
  email: text("E-mail address."),
  shortCode: text("The user's short code (initials-like handle)."),
  pictureSm: text("URL of the small avatar, empty when none."),
  pictureLg: text("URL of the large avatar, empty when none."),
  phoneNumber: optional(() => String, "Phone number, empty when unknown; null for an external caller (except their own).", rules.contact),
  canLogIn: flag("Whether the user may log in."),
  isExternal: flag("Whether the user is external (not staff)."),
  contractorId: optional(() => ID, "Id of the contractor (company) the user belongs to, if any."),
  contractorName: optional(() => String, "Name of the user's contractor, if any."),
  jobPositionName: optional(() => String, "Name of the user's job position, if any."),
  decorator: text("The user's colour, #rrggbb."),
  hourlyRate: optional<number>(
    () => Float,
    "The user's default hourly rate, if set; null unless the caller is an admin, finance or a manager of the project it is shown in (never a role in its hideHourlyRateForRoles).",
    rules.rate,
  ),
};

type Fields = typeof USER_FIELDS;
/** A class whose instances are `T`, abstract or not. */
type ClassOf<T> = abstract new () => T;
type Added<K extends keyof Fields> = { [P in K]: Fields[P] extends UserField<infer T> ? T : never };

/**
 * `base` with the user fields `names` added after its own, in that order: the user summaries
 * (value types, projections of User: src/services/shared/user-refs.ts maps them) are each a
 * base summary and the fields it adds.
 */
export function WithUserFields<B extends object, K extends keyof Fields>(base: ClassOf<B>, names: readonly K[]) {
  @ObjectType()
  abstract class UserSummary extends (base as ClassOf<object>) {}
  for (const name of names) {
    const { type, description, nullable, visibleTo } = USER_FIELDS[name] as UserField<unknown>;
    Field(type as () => StringConstructor, { description, ...(nullable ? { nullable } : {}) })(UserSummary.prototype, name);
    if (visibleTo) VisibleTo(visibleTo)(UserSummary.prototype, name);
  }
  return UserSummary as unknown as ClassOf<B & Added<K>>;
}
