import type { Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { UpdateStageInput } from "../../inputs/project/update-stage.input";
import { refuseNulls } from "../shared/partial-update";

/**
 * E3. Absent fields stay; null clears description (stored as empty text) and stageType, and is
 * refused for the rest. The date order is checked on the values the stage will have after the
 * change, so moving only one end is checked against the stored other end.
 */
export async function updateStage(ctx: AuthedContext, id: string, input: UpdateStageInput): Promise<string> {
  refuseNulls(input, ["name", "isBlameableRemovalEnabled", "dateStart", "dateEnd"]);
  await ctx.db.$transaction(async (tx) => {
    const stage = await tx.stage.findUnique({ where: { id }, select: { projectId: true, dateStart: true, dateEnd: true } });
    if (!stage) throw new NotFoundError("Stage", id, "id");
    await policy.require(ctx, rules.manageProject, stage.projectId, tx);

    const data: Prisma.StageUncheckedUpdateInput = {};
    if (input.name != null) data.name = input.name;
    if (input.description !== undefined) data.description = input.description ?? "";
    if (input.isBlameableRemovalEnabled != null) data.isBlameableRemovalEnabled = input.isBlameableRemovalEnabled;
    if (input.dateStart != null) data.dateStart = input.dateStart;
    if (input.dateEnd != null) data.dateEnd = input.dateEnd;
    if (input.stageType !== undefined) {
      if (input.stageType !== null) {
        const type = await tx.stageType.findUnique({ where: { id: input.stageType }, select: { id: true } });
        if (!type) throw new NotFoundError("Stage type", input.stageType, "input.stageType");
      }
      data.stageTypeId = input.stageType;
    }

    const dateStart = input.dateStart ?? stage.dateStart;
    const dateEnd = input.dateEnd ?? stage.dateEnd;
    if (dateEnd.getTime() < dateStart.getTime()) {
      const field = input.dateEnd != null ? "input.dateEnd" : "input.dateStart";
      throw badInput(field, "dateOrder", "dateEnd must not be before dateStart");
    }
    await tx.stage.update({ where: { id }, data });
  });
  return id;
}
