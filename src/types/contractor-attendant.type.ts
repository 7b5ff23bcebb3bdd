import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "A user who looks after a contractor (the client's contact person on our side)." })
export class ContractorAttendant {
  @Field(() => ID, { description: "The user's id." })
  id!: string;

  @Field({ description: "First name." })
  firstName!: string;

  @Field({ description: "Last name." })
  lastName!: string;

  @Field({ description: "E-mail address." })
  email!: string;

  @Field({ description: "URL of the small avatar, empty when none." })
  pictureSm!: string;

  @Field({ description: "URL of the large avatar, empty when none." })
  pictureLg!: string;
}
