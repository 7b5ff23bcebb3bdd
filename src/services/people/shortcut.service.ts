import type { AuthedContext } from "../../context";
import type { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import type { Shortcut } from "../../types/people/shortcut.type";
import { lockRow, retryOnUniqueViolation } from "../shared/retry";

const SELECT = { id: true, weight: true, name: true, viewUrl: true, isOpenedInNewTab: true } as const;

/**
 * E20: the shortcut belongs to the caller and goes after their existing ones. Weights are unique
 * per user (a unique index): one user's creations take turns on the user's row, so each reads the
 * weight the one before wrote; a race lost all the same is run again.
 */
export async function createShortcut({ db, viewer }: AuthedContext, input: CreateShortcutInput): Promise<Shortcut> {
  const userId = viewer.id;
  const race = { attempts: 3, conflict: "Another shortcut was created at the same moment; try again." };
  return retryOnUniqueViolation(race, () =>
    db.$transaction(async (tx) => {
      await lockRow(tx, "User", userId);
      const last = await tx.shortcut.aggregate({ where: { userId }, _max: { weight: true } });
      return tx.shortcut.create({
        data: {
          userId,
          weight: (last._max.weight ?? 0) + 1,
          name: input.name,
          viewUrl: input.viewUrl,
          isOpenedInNewTab: input.isOpenedInNewTab,
        },
        select: SELECT,
      });
    }),
  );
}
