import { Directive, Field, ID, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";

@Directive("@shareable")
@ObjectType({ description: "A user on a CRM note: its author or assignee." })
export class NoteUserRef extends MiniUserRef {
  @Field({ description: "E-mail address." })
  email!: string;

  @Field({ description: "Whether the user is external (not staff)." })
  isExternal!: boolean;

  @Field(() => ID, { nullable: true, description: "Id of the contractor (company) the user belongs to, if any." })
  contractorId!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's contractor, if any." })
  contractorName!: string | null;

  @Field({ description: "Whether the user may log in." })
  canLogIn!: boolean;

  @Field(() => String, { nullable: true, description: "Phone number, empty when unknown; null for an external caller (except their own)." })
  @VisibleTo(rules.contact)
  phoneNumber!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's job position, if any." })
  jobPositionName!: string | null;
}
