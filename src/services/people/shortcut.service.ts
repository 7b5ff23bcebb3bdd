import type { Db } from "../../db/client";
import { defineEntity } from "../../federation/entity-registry";
import type { CreateShortcutInput } from "../../inputs/people/create-shortcut.input";
import type { Shortcut } from "../../types/people/shortcut.type";
import { readShortcuts } from "./people.read";

const SELECT = { id: true, weight: true, name: true, viewUrl: true, isOpenedInNewTab: true } as const;

export const shortcutEntity = defineEntity<Shortcut>({
  typeName: "Shortcut",
  loadMany: (_db, ids, _viewer, read) => readShortcuts(read, ids),
});

/** E20: the shortcut belongs to the caller and goes after their existing ones. */
export async function createShortcut(db: Db, userId: string, input: CreateShortcutInput): Promise<Shortcut> {
  return db.$transaction(async (tx) => {
    const last = await tx.shortcut.aggregate({ where: { userId }, _max: { weight: true } });
    return tx.shortcut.create({
      data: { userId, weight: (last._max.weight ?? 0) + 1, name: input.name, viewUrl: input.viewUrl, isOpenedInNewTab: input.isOpenedInNewTab },
      select: SELECT,
    });
  });
}
