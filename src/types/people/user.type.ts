import { Float, ID, Int, ObjectType } from "type-graphql";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import { Identified, IdName, Entity } from "../shared/named.type";
import { Collection } from "../shared/collection.type";
import { Optional, FirstOf, Required } from "../shared/fields";
import { WithUserFields } from "./user-fields";

@Entity("A user's membership in a department.")
export class UserDepartment extends Identified("membership") {
  @Required(Boolean, "Whether the user leads this department.")
  isLeader!: boolean;

  @Required(IdName, "The department.")
  department!: IdName;
}

@ObjectType({ description: "A single sign-on provider a user is connected to." })
export class UserSsoProvider extends Identified("SSO provider") {
  @Required(String, "Identity tenant of the provider (e.g. the Azure AD tenant id).")
  tenantId!: string;

  @Required(String, "Readable name of the tenant.")
  tenantName!: string;

  @Required(String, "Kind of provider, e.g. microsoft, google.")
  type!: string;

  @Required(Boolean, "Whether the user's account is currently linked to this provider.")
  isUserLinked!: boolean;
}

@Entity("A person with an account: staff, external collaborators, people who cannot log in.")
export class User extends WithUserFields(Identified("user", "'s"), ["firstName", "lastName"]) {
  @Required(String, "E-mail address, unique.")
  email!: string;

  @Required(String, "Short code, unique (used in mentions and lists).")
  shortCode!: string;

  @Optional(String, "Phone number, empty when unknown; null for an external caller (except their own).")
  @VisibleTo(rules.contact)
  phoneNumber!: string | null;

  @Required(String, "URL of the small avatar, empty when none.")
  pictureSm!: string;

  @Required(String, "URL of the large avatar, empty when none.")
  pictureLg!: string;

  @Optional(ID, "Id of the user's job position, if any.")
  jobPosition!: string | null;

  @Optional(String, "Name of the user's job position, if any.")
  jobPositionName!: string | null;

  @Optional(ID, "Id of the contractor (company) the user belongs to, if any.")
  contractorId!: string | null;

  @Optional(String, "Name of the user's contractor, if any.")
  contractorName!: string | null;

  @Required(Boolean, "Whether the user may log in.")
  canLogIn!: boolean;

  @Optional(Boolean, "Whether the user may authenticate with API tokens; null unless the caller is the user, an admin or HR.")
  @VisibleTo(rules.security)
  allowApiTokenAuthentication!: boolean | null;

  @Required(Boolean, "Whether the user is external (not staff).")
  isExternal!: boolean;

  @Required(Boolean, "Whether the caller may manage this user: an admin or HR, or a leader of one of the user's departments.")
  canManage!: boolean;

  @Required(Boolean, "Whether the user uses the mobile app.")
  isUsingMobile!: boolean;

  @Optional(Boolean, "Whether the user has two-factor authentication on; null unless the caller is the user, an admin or HR.")
  @VisibleTo(rules.security)
  twoFactorAuth!: boolean | null;

  @Optional(Date, "When the user was last active in the web app; null unless the caller is the user, an admin or HR.")
  @VisibleTo(rules.security)
  lastActivity!: Date | null;

  @Optional(Date, "When the user was last active in the mobile app; null unless the caller is the user, an admin or HR.")
  @VisibleTo(rules.security)
  lastActivityMobile!: Date | null;

  @Required(Float, "Working hours in the user's work day.")
  hoursPerWorkDay!: number;

  @Required(Int, "How many tasks the user is expected to handle per work day.")
  tasksPerWorkday!: number;

  @Required(Int, "Same as tasksPerWorkday: the interface carries both spellings.")
  tasksPerWorkDay!: number;

  @FirstOf(UserSsoProvider, 10, "Single sign-on providers the user is connected to")
  ssoProviders!: UserSsoProvider[];

  @FirstOf(UserDepartment, 20, "Departments the user belongs to, and whether they lead them")
  userDepartments!: UserDepartment[];

  @Required(Date, "When the user was created.")
  createdAt!: Date;

  @Required(Date, "When the user was last changed.")
  updatedAt!: Date;
}

@ObjectType({ description: "A page of users." })
export class UserCollection extends Collection(User) {}
