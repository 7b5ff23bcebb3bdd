import { Directive, Field, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";

@Directive("@shareable")
@ObjectType({ description: "The author of a project template." })
export class TemplateUserRef extends MiniUserRef {
  @Field({ description: "The user's short code (initials-like handle)." })
  shortCode!: string;

  @Field({ description: "E-mail address." })
  email!: string;

  @Field(() => String, { nullable: true, description: "Name of the user's contractor, if any." })
  contractorName!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's job position, if any." })
  jobPositionName!: string | null;

  @Field({ description: "Whether the user may log in." })
  canLogIn!: boolean;

  @Field({ description: "Whether the user is external (not staff)." })
  isExternal!: boolean;
}
