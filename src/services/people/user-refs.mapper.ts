import type { Prisma } from "../../db/client";
import type { UserRef } from "../../types/people/user-ref.type";
import type { ProjectUserRef } from "../../types/project/project-user-ref.type";
import type { CalendarUserRef } from "../../types/vacation/calendar-user-ref.type";
import type { RiskUserRef } from "../../types/project/risk-user-ref.type";
import type { MiniUserRef } from "../../types/people/mini-user-ref.type";

/** What to include with a user row so that any of the user summaries can be built from it. */
export const userRefInclude = {
  contractor: { select: { name: true } },
  jobPosition: { select: { name: true } },
} satisfies Prisma.UserInclude;

export type UserRefRow = Prisma.UserGetPayload<{ include: typeof userRefInclude }>;

export function toMiniUserRef(u: UserRefRow): MiniUserRef {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, pictureSm: u.pictureSm, pictureLg: u.pictureLg };
}

export function toRiskUserRef(u: UserRefRow): RiskUserRef {
  return { ...toMiniUserRef(u), shortCode: u.shortCode, email: u.email, phoneNumber: u.phoneNumber };
}

export function toUserRef(u: UserRefRow): UserRef {
  return {
    ...toRiskUserRef(u),
    canLogIn: u.canLogIn,
    contractorId: u.contractorId,
    contractorName: u.contractor?.name ?? null,
    jobPositionName: u.jobPosition?.name ?? null,
  };
}

export function toProjectUserRef(u: UserRefRow): ProjectUserRef {
  return {
    ...toUserRef(u),
    hourlyRate: u.hourlyRate === null ? null : u.hourlyRate.toNumber(),
    isExternal: u.isExternal,
    decorator: u.decorator,
  };
}

export function toCalendarUserRef(u: UserRefRow): CalendarUserRef {
  return { ...toUserRef(u), isExternal: u.isExternal, decorator: u.decorator };
}
