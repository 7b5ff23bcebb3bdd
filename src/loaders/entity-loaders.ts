import DataLoader from "dataloader";
import type { ReadPort } from "../db/database";
import type { Viewer } from "../auth/authenticate";
import type { RequestAccess } from "../auth/access";
import { NotFoundError, UnauthenticatedError } from "../errors/errors";
import type { EntityDefinition } from "../federation/entity-registry";

type Loader = DataLoader<string, { id: string } | null>;

/**
 * One DataLoader per entity for the request: every reference to the same entity that the
 * request resolves (e.g. 100 `_entities` representations) is answered by a single `loadMany`,
 * on the request's read port (inside its budget). Loaders are keyed by the entity's definition,
 * so `load(invoiceEntity, id)` is typed `Invoice`.
 */
export class EntityLoaders {
  private readonly loaders = new Map<EntityDefinition, Loader>();
  /** `_entities` goes through these, one per selection: the entity's read rule filters each batch. */
  private readonly references = new Map<EntityDefinition, Map<object, Loader>>();
  /** Mutations' answers go through these, one per selection (see loadWritten). */
  private readonly answers = new Map<EntityDefinition, Map<object, Loader>>();
  /** What `loaders` answered so far, for synchronous answers (see loadAll). */
  private readonly known = new Map<EntityDefinition, Map<string, { id: string } | null>>();

  constructor(
    private readonly read: ReadPort,
    /** The caller and their access memo; null only before the auth plugin refuses the operation. */
    private readonly caller: { viewer: Viewer; access: RequestAccess } | null,
  ) {}

  /** The object of `entity` with `id`, shaped for the caller; null when there is none. */
  load<T extends { id: string }>(entity: EntityDefinition<T>, id: string): Promise<T | null> {
    return this.loader(entity).load(id) as Promise<T | null>;
  }

  /** `load`, or NOT_FOUND naming `what` (and the argument `field`) when there is no such object: a single-object root field. */
  async found<T extends { id: string }>(entity: EntityDefinition<T>, id: string, what: string, field = "id"): Promise<T> {
    const object = await this.load(entity, id);
    if (!object) throw new NotFoundError(what, id, field);
    return object;
  }

  /**
   * The one way a mutation answers: the object it wrote, through the entity's loader. Given the
   * id, the object is read back after the write (a copy the request loaded before the write is
   * dropped first). A write whose own statement already returned the object in the loader's exact
   * shape (the same select as `loadMany`) hands the object instead: it replaces the loader's copy,
   * and reading it again would cost a statement for nothing. Given the mutation field's
   * `selection`, an entity that can (`selective`) reads back only what the document selects
   * (createInvoice's answer: 0.14 ms of PostgreSQL's time against 0.40 for every field).
   */
  loadWritten<T extends { id: string }>(entity: EntityDefinition<T>, written: string | T, selection?: object): Promise<T | null> {
    const loader = this.loader(entity);
    const id = typeof written === "string" ? written : written.id;
    this.known.get(entity)?.delete(id);
    if (typeof written !== "string") {
      loader.clear(written.id).prime(written.id, written);
      return Promise.resolve(written);
    }
    loader.clear(id);
    const shape = selection && entity.selective?.(selection) ? selection : undefined;
    return (shape ? this.shaped(this.answers, entity, false, shape).clear(id) : loader).load(id) as Promise<T | null>;
  }

  /**
   * The objects of `entity` with `ids` (missing ones left out), in order: at once when the
   * request has read them all already (an invoice's correction chain comes with its batch), else
   * in one batch. A field that follows such links through a large answer then costs no promise per
   * object (measured: most of the heap of nested `corrects { invoice { ... } }`).
   */
  loadAll<T extends { id: string }>(entity: EntityDefinition<T>, ids: readonly string[]): T[] | Promise<T[]> {
    const known = this.known.get(entity);
    const found: T[] = [];
    for (const id of ids) {
      const object = known?.get(id);
      if (object === undefined) {
        return Promise.all(ids.map((i) => this.load(entity, i))).then((all) => all.filter((o) => o !== null) as T[]);
      }
      if (object !== null) found.push(object as T);
    }
    return found;
  }

  /** `load`, answered at once when the request has read the object already (see loadAll). */
  loadNow<T extends { id: string }>(entity: EntityDefinition<T>, id: string): T | null | Promise<T | null> {
    const object = this.known.get(entity)?.get(id);
    return object === undefined ? this.load(entity, id) : (object as T | null);
  }

  /**
   * A reference from `_entities`: null when missing or when the caller may not read it under the
   * entity's read rule (the same rule as the root read), exactly like an unknown id. `selection`
   * (what the `_entities` field selects, src/services/shared/look-ahead.ts) narrows the batch's
   * statement to it: 100 users' id and name read every column and two JSON lists of each before
   * (6.9 ms of PostgreSQL's time per request against PostGraphile's 0.56 for the same rows).
   */
  loadReference<T extends { id: string }>(entity: EntityDefinition<T>, id: string, selection?: object): Promise<T | null> {
    const shape = selection && entity.selective?.(selection) ? selection : undefined;
    return this.shaped(this.references, entity, true, shape).load(id) as Promise<T | null>;
  }

  /** The loader of `entity` in `loaders` for `shape` (a selection, or every field), made at its first use. */
  private shaped(loaders: Map<EntityDefinition, Map<object, Loader>>, entity: EntityDefinition, checked: boolean, shape?: object): Loader {
    let byShape = loaders.get(entity);
    if (!byShape) loaders.set(entity, (byShape = new Map()));
    let loader = byShape.get(shape ?? entity);
    if (!loader) byShape.set(shape ?? entity, (loader = this.batch(entity, checked, shape)));
    return loader;
  }

  private loader(entity: EntityDefinition<{ id: string }>): Loader {
    let loader = this.loaders.get(entity);
    if (!loader) this.loaders.set(entity, (loader = this.batch(entity, false)));
    return loader;
  }

  /** A batch of `entity`'s objects by id; `checked` under its read rule; `selection`'s fields only, else every field. */
  private batch(entity: EntityDefinition<{ id: string }>, checked: boolean, selection?: object): Loader {
    return new DataLoader(
      async (ids) => {
        const { viewer, access } = this.authenticated();
        let wanted = ids;
        if (checked) {
          const readable = await entity.read.readable(this.read, access, [...new Set(ids)]);
          wanted = ids.filter((id) => readable.has(id));
        }
        const rows = wanted.length > 0 ? await entity.loadMany(this.read, [...new Set(wanted)], viewer, selection) : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        // objects with every field serve the request's other loads: a loader may answer more than
        // was asked (an invoice's correction chain), and the rest waits in the request's loader
        // for the fields that lead to it (and so, from a reference batch, do the rows asked for)
        if (selection) return ids.map((id) => byId.get(id) ?? null);
        if (checked || byId.size > ids.length) {
          const asked = new Set(ids);
          for (const row of rows) if (checked || !asked.has(row.id)) this.loader(entity).prime(row.id, row);
        }
        let known = this.known.get(entity);
        if (!known) this.known.set(entity, (known = new Map()));
        for (const row of rows) known.set(row.id, row);
        if (!checked) for (const id of ids) if (!byId.has(id)) known.set(id, null);
        return ids.map((id) => byId.get(id) ?? null);
      },
      { maxBatchSize: 500 },
    );
  }

  /**
   * Every field that loads is behind authentication (src/server/plugins.ts refuses an operation
   * without a caller before any resolver runs): this is the one place the type learns it.
   */
  private authenticated(): { viewer: Viewer; access: RequestAccess } {
    if (!this.caller) throw new UnauthenticatedError();
    return this.caller;
  }
}
