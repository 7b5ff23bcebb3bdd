import type { AuthedContext } from "../../context";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { retryOnUniqueViolation } from "../shared/retry";
import { runSerially } from "../shared/serial-queue";
import { checkCombination, prepareInvoice } from "./invoice-preparation";
import { storeInvoice } from "./invoice-store";

/** Runs after a lost race on a unique index (see createInvoice). */
const MAX_ATTEMPTS = 3;

/**
 * E4. Creates an invoice in two steps:
 * 1. `prepareInvoice` (invoice-preparation.ts) reads and checks everything the invoice refers to
 *    and computes the amounts, outside any transaction, in ONE look-up statement whatever the
 *    input names (numbering, buyer, currency, creator, finance task/board/stage/project); a
 *    correction reads the corrected invoice besides, and a project manager's role is checked.
 * 2. `storeInvoice` (invoice-store.ts) takes a number from the numbering counter and inserts the
 *    invoice and all its items, all or nothing: on PostgreSQL in ONE statement, on SQLite in one
 *    transaction (BEGIN, counter upsert, INSERT invoice, INSERT items, COMMIT). A failure undoes
 *    all of it, the counter increment included: a failed creation consumes no number.
 * The answer is then read through the Invoice entity's loader: one statement.
 * So a numbered invoice costs 1 + 1 + 1 statements on PostgreSQL (1 + 5 + 1 on SQLite) whatever
 * the number of items (test/invoice-write.test.ts), and what holds the counter row, queued per
 * numbering, is the write alone.
 *
 * Admins and finance users may create any invoice; a project manager (pm-active, pm-passive)
 * may create invoices booked to their project; anyone else is FORBIDDEN.
 */
export async function createInvoice(ctx: AuthedContext, input: CreateInvoiceInput, now?: Date): Promise<string> {
  checkCombination(input);
  // A number typed in by hand may already hold the counter's next value: after such a clash the
  // next attempt checks each number it takes (one more statement), otherwise none is checked.
  let checkTaken = false;
  // Two creations raced for a value a unique index guards (the same hand-given number), or a
  // number taken from the counter was given by hand before: the attempt runs again, its checks
  // seeing the winner's row.
  const race = {
    attempts: MAX_ATTEMPTS,
    conflict: "The invoice conflicts with one created at the same time; try again.",
    onRace: () => (checkTaken = true),
  };
  return retryOnUniqueViolation(race, async () => {
    const prepared = await prepareInvoice(ctx, input);
    // Creations that take a number from one counter would all wait for its row lock, each holding
    // a pooled connection, and starve the pool under a burst; within a process they queue in
    // memory instead (across processes the row lock still serializes them).
    // the creation time is taken when the write runs, so corrections order as they were made
    const store = () => storeInvoice(ctx.db, ctx.read, prepared, now ?? new Date(), checkTaken);
    return prepared.takesNumber ? runSerially(`invoice-counter:${prepared.series!.id}`, store) : store();
  });
}
