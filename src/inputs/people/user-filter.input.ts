import { ArrayMaxSize, MaxLength } from "class-validator";
import { Field, ID, InputType } from "type-graphql";
import { DepartmentLeaderOrder } from "./department-leader-order.input";
import { UserRole } from "../../types/shared/enums";

@InputType({ description: "Narrows the user list. A list filter matches any of its values; filters combine with AND." })
export class UserFilter {
  @Field({ nullable: true, description: "Case-insensitive substring of first name, last name, e-mail or short code." })
  @MaxLength(200)
  search?: string;

  @Field({ nullable: true, description: "Only users who do (true) or do not (false) use the mobile app." })
  isUsingMobile?: boolean;

  @Field({ nullable: true, description: "Only external (true) or staff (false) users." })
  isExternal?: boolean;

  @Field({ nullable: true, description: "Only users who may (true) or may not (false) log in." })
  canLogIn?: boolean;

  @Field(() => [UserRole], { nullable: true, description: "Users holding at least one of these roles (admin, pm, hr, finance, user)." })
  @ArrayMaxSize(50)
  hasRole?: string[];

  @Field(() => [UserRole], { nullable: true, description: "Users holding every one of these roles." })
  @ArrayMaxSize(50)
  hasRoleSet?: string[];

  @Field(() => [ID], { nullable: true, description: "Users with one of these job positions." })
  @ArrayMaxSize(500)
  jobPosition?: string[];

  @Field(() => [ID], { nullable: true, description: "Users of one of these contractors." })
  @ArrayMaxSize(500)
  contractorId?: string[];

  @Field(() => [ID], { nullable: true, description: "Only these users." })
  @ArrayMaxSize(500)
  id?: string[];

  @Field(() => [ID], { nullable: true, description: "Leave these users out." })
  @ArrayMaxSize(500)
  excludeIds?: string[];

  @Field(() => [ID], { nullable: true, description: "Leave out users belonging to any of these departments." })
  @ArrayMaxSize(500)
  excludeDepartmentIds?: string[];

  @Field(() => [ID], { nullable: true, description: "Users belonging to one of these departments." })
  @ArrayMaxSize(500)
  department?: string[];

  @Field({ nullable: true, description: "Users who belong to some department (true) or to none (false)." })
  existsUserDepartments?: boolean;

  @Field({ nullable: true, description: "Users connected to some SSO provider (true) or to none (false)." })
  existsSsoProvider?: boolean;

  @Field(() => [ID], { nullable: true, description: "Users connected to one of these SSO providers." })
  @ArrayMaxSize(500)
  ssoProviderIds?: string[];

  @Field(() => DepartmentLeaderOrder, {
    nullable: true,
    description: "Puts the leaders of a department first (ASC) or last (DESC), before any `order` keys.",
  })
  userDepartmentLeaderOrder?: DepartmentLeaderOrder;
}
