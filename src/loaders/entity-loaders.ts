import DataLoader from "dataloader";
import type { Db } from "../db/client";
import type { Viewer } from "../auth/authenticate";
import type { ReadDb } from "../db/kysely";
import { entityDefinition, loadReadable } from "../federation/entity-registry";

/**
 * One DataLoader per entity type for the request: every reference to the same type that the
 * request resolves (e.g. 100 `_entities` representations) is answered by a single `loadMany`.
 */
export class EntityLoaders {
  private readonly loaders = new Map<string, DataLoader<string, { id: string } | null>>();
  /** `_entities` goes through these: the entity's read rule filters each batch. */
  private readonly references = new Map<string, DataLoader<string, { id: string } | null>>();
  private viewer: Viewer | null = null;

  constructor(
    private readonly db: Db,
    private readonly read: ReadDb,
  ) {}

  /** The loaders shape objects for a caller (e.g. `canManage`); the context sets it once. */
  forViewer(viewer: Viewer | null): this {
    this.viewer = viewer;
    return this;
  }

  load<T extends { id: string }>(typeName: string, id: string): Promise<T | null> {
    return this.loader(typeName).load(id) as Promise<T | null>;
  }

  /** A reference from `_entities`: null when missing or when the caller may not read it. */
  loadReference<T extends { id: string }>(typeName: string, id: string): Promise<T | null> {
    return this.loader(typeName, true).load(id) as Promise<T | null>;
  }

  private loader(typeName: string, checked = false): DataLoader<string, { id: string } | null> {
    const loaders = checked ? this.references : this.loaders;
    let loader = loaders.get(typeName);
    if (!loader) {
      const definition = entityDefinition(typeName);
      if (!definition) throw new Error(`No entity named ${typeName}`);
      loader = new DataLoader(
        async (ids) => {
          const rows = checked
            ? await loadReadable(definition, this.db, ids, this.viewer, this.read)
            : await definition.loadMany(this.db, ids, this.viewer, this.read);
          const byId = new Map(rows.map((r) => [r.id, r]));
          // a loader may answer more than was asked (an invoice's correction chain): the rest
          // waits in the request's loader for the fields that lead to it (and so, from a
          // reference batch, do the rows asked for)
          if (checked || byId.size > ids.length) {
            const asked = new Set(ids);
            for (const row of rows) if (checked || !asked.has(row.id)) this.loader(typeName).prime(row.id, row);
          }
          return ids.map((id) => byId.get(id) ?? null);
        },
        { maxBatchSize: 500 },
      );
      loaders.set(typeName, loader);
    }
    return loader;
  }
}
