import { Directive, Field, ObjectType } from "type-graphql";
import { MiniUserRef } from "../people/mini-user-ref.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";

@Directive("@shareable")
@ObjectType({ description: "The project member responsible for a risk." })
export class RiskUserRef extends MiniUserRef {
  @Field({ description: "The user's short code (initials-like handle)." })
  shortCode!: string;

  @Field({ description: "E-mail address." })
  email!: string;

  @Field(() => String, { nullable: true, description: "Phone number, empty when unknown; null for an external caller (except their own)." })
  @VisibleTo(rules.contact)
  phoneNumber!: string | null;
}
