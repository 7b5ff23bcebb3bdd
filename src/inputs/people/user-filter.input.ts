import { MaxLength } from "class-validator";
import { ID, InputType } from "type-graphql";
import { DepartmentLeaderOrder } from "./department-leader-order.input";
import { UserRole } from "../../types/shared/enums";
import { Optional, OptionalList } from "../../types/shared/fields";

@InputType({ description: "Narrows the user list. A list filter matches any of its values; filters combine with AND." })
export class UserFilter {
  @Optional(String, "Case-insensitive substring of first name, last name, e-mail or short code.")
  @MaxLength(200)
  search?: string;

  @Optional(Boolean, "Only users who do (true) or do not (false) use the mobile app.")
  isUsingMobile?: boolean;

  @Optional(Boolean, "Only external (true) or staff (false) users.")
  isExternal?: boolean;

  @Optional(Boolean, "Only users who may (true) or may not (false) log in.")
  canLogIn?: boolean;

  @OptionalList(UserRole, 50, "Users holding at least one of these roles (admin, pm, hr, finance, user).")
  hasRole?: string[];

  @OptionalList(UserRole, 50, "Users holding every one of these roles.")
  hasRoleSet?: string[];

  @OptionalList(ID, 500, "Users with one of these job positions.")
  jobPosition?: string[];

  @OptionalList(ID, 500, "Users of one of these contractors.")
  contractorId?: string[];

  @OptionalList(ID, 500, "Only these users.")
  id?: string[];

  @OptionalList(ID, 500, "Leave these users out.")
  excludeIds?: string[];

  @OptionalList(ID, 500, "Leave out users belonging to any of these departments.")
  excludeDepartmentIds?: string[];

  @OptionalList(ID, 500, "Users belonging to one of these departments.")
  department?: string[];

  @Optional(Boolean, "Users who belong to some department (true) or to none (false).")
  existsUserDepartments?: boolean;

  @Optional(Boolean, "Users connected to some SSO provider (true) or to none (false).")
  existsSsoProvider?: boolean;

  @OptionalList(ID, 500, "Users connected to one of these SSO providers.")
  ssoProviderIds?: string[];

  @Optional(DepartmentLeaderOrder, "Puts the leaders of a department first (ASC) or last (DESC), before any `order` keys.")
  userDepartmentLeaderOrder?: DepartmentLeaderOrder;
}
