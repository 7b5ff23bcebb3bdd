import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "A single sign-on provider a user is connected to." })
export class UserSsoProvider {
  @Field(() => ID, { description: "Id of the SSO provider." })
  id!: string;

  @Field({ description: "Identity tenant of the provider (e.g. the Azure AD tenant id)." })
  tenantId!: string;

  @Field({ description: "Readable name of the tenant." })
  tenantName!: string;

  @Field({ description: "Kind of provider, e.g. microsoft, google." })
  type!: string;

  @Field({ description: "Whether the user's account is currently linked to this provider." })
  isUserLinked!: boolean;
}
