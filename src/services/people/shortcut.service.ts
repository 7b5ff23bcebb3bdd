import type { AuthedContext } from "../../context";
import type { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import type { Shortcut } from "../../types/people/shortcut.type";

const SELECT = { id: true, weight: true, name: true, viewUrl: true, isOpenedInNewTab: true } as const;

/** E20: the shortcut belongs to the caller and goes after their existing ones. */
export async function createShortcut(ctx: AuthedContext, input: CreateShortcutInput): Promise<Shortcut> {
  const userId = ctx.viewer.id;
  return ctx.db.$transaction(async (tx) => {
    const last = await tx.shortcut.aggregate({ where: { userId }, _max: { weight: true } });
    return tx.shortcut.create({
      data: { userId, weight: (last._max.weight ?? 0) + 1, name: input.name, viewUrl: input.viewUrl, isOpenedInNewTab: input.isOpenedInNewTab },
      select: SELECT,
    });
  });
}
