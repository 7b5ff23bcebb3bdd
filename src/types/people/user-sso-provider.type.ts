import { Field, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@ObjectType({ description: "A single sign-on provider a user is connected to." })
export class UserSsoProvider extends Identified("SSO provider") {
  @Field({ description: "Identity tenant of the provider (e.g. the Azure AD tenant id)." })
  tenantId!: string;

  @Field({ description: "Readable name of the tenant." })
  tenantName!: string;

  @Field({ description: "Kind of provider, e.g. microsoft, google." })
  type!: string;

  @Field({ description: "Whether the user's account is currently linked to this provider." })
  isUserLinked!: boolean;
}
