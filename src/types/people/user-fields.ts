import { Field, ID, ObjectType } from "type-graphql";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";

/** A field of a user summary: its GraphQL type, description and (for contact data) visibility rule; `T` its value's type. */
interface UserField<T> {
  type: () => unknown;
  description: string;
  nullable?: true;
  contact?: true;
  value?: T;
}

const text = (description: string): UserField<string> => ({ type: () => String, description });
const flag = (description: string): UserField<boolean> => ({ type: () => Boolean, description });
const optional = (type: () => unknown, description: string): UserField<string | null> => ({ type, description, nullable: true });

/** The fields a summary of a person may carry, each described once; a summary names the ones it adds, in order. */
const USER_FIELDS = {
  firstName: text("First name."),
  lastName: text("Last name."),
  email: text("E-mail address."),
  shortCode: text("The user's short code (initials-like handle)."),
  pictureSm: text("URL of the small avatar, empty when none."),
  pictureLg: text("URL of the large avatar, empty when none."),
  phoneNumber: {
    ...optional(() => String, "Phone number, empty when unknown; null for an external caller (except their own)."),
    contact: true,
  } as UserField<string | null>,
  canLogIn: flag("Whether the user may log in."),
  isExternal: flag("Whether the user is external (not staff)."),
  contractorId: optional(() => ID, "Id of the contractor (company) the user belongs to, if any."),
  contractorName: optional(() => String, "Name of the user's contractor, if any."),
  jobPositionName: optional(() => String, "Name of the user's job position, if any."),
  decorator: text("The user's colour, #rrggbb."),
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
    const { type, description, nullable, contact } = USER_FIELDS[name] as UserField<unknown>;
    Field(type as () => StringConstructor, { description, ...(nullable ? { nullable } : {}) })(UserSummary.prototype, name);
    if (contact) VisibleTo(rules.contact)(UserSummary.prototype, name);
  }
  return UserSummary as unknown as ClassOf<B & Added<K>>;
}
