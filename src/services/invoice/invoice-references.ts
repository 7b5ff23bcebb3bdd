import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import type { RelatedInvoice, InvoiceLookupKeys, InvoiceLookups } from "./invoice.read";

/** The project, stage, board and task an invoice is booked to. */
export interface FinanceRefs {
  projectId: string | null;
  stageId: string | null;
  boardId: string | null;
  taskId: string | null;
}

/** The finance keys of the look-up: only the lowest level given is looked up (it fills the levels above it). */
export function financeKeys(input: CreateInvoiceInput): Pick<InvoiceLookupKeys, "taskId" | "boardId" | "stageId" | "projectId"> {
  const taskId = input.financeTask ?? null;
  const boardId = taskId ? null : (input.financeBoard ?? null);
  const stageId = taskId || boardId ? null : (input.financeStage ?? null);
  const projectId = taskId || boardId || stageId ? null : (input.financeProject ?? null);
  return { taskId, boardId, stageId, projectId };
}

/**
 * Where the invoice is booked. The lowest level given is looked up and fills the levels above
 * it; a level given as well must agree with it. An invoice that names none but names a related
 * invoice (a correction's corrected one, a settlement's advance) is booked where that one is.
 */
export function resolveFinance(input: CreateInvoiceInput, found: InvoiceLookups, related: RelatedInvoice | null): FinanceRefs {
  const given: FinanceRefs = {
    projectId: input.financeProject ?? null,
    stageId: input.financeStage ?? null,
    boardId: input.financeBoard ?? null,
    taskId: input.financeTask ?? null,
  };
  if (related && !given.projectId && !given.stageId && !given.boardId && !given.taskId) {
    return {
      projectId: related.financeProjectId,
      stageId: related.financeStageId,
      boardId: related.financeBoardId,
      taskId: related.financeTaskId,
    };
  }
  const mismatch = (field: string, what: string) => badInput(field, "consistent", what);
  if (given.taskId) {
    const task = found.task;
    if (!task) throw new NotFoundError("Task", given.taskId, "input.financeTask");
    if (given.boardId && given.boardId !== task.boardId) throw mismatch("input.financeTask", "the task is not on financeBoard");
    if (given.stageId && given.stageId !== task.stageId) throw mismatch("input.financeTask", "the task is not in financeStage");
    if (given.projectId && given.projectId !== task.projectId) throw mismatch("input.financeTask", "the task is not in financeProject");
    return { projectId: task.projectId, stageId: task.stageId, boardId: task.boardId, taskId: given.taskId };
  }
  if (given.boardId) {
    const board = found.board;
    if (!board) throw new NotFoundError("Board", given.boardId, "input.financeBoard");
    if (given.stageId && given.stageId !== board.stageId) throw mismatch("input.financeBoard", "the board is not in financeStage");
    if (given.projectId && given.projectId !== board.projectId) throw mismatch("input.financeBoard", "the board is not in financeProject");
    return { projectId: board.projectId, stageId: board.stageId, boardId: given.boardId, taskId: null };
  }
  if (given.stageId) {
    const stage = found.stage;
    if (!stage) throw new NotFoundError("Stage", given.stageId, "input.financeStage");
    if (given.projectId && given.projectId !== stage.projectId) throw mismatch("input.financeStage", "the stage is not in financeProject");
    return { projectId: stage.projectId, stageId: given.stageId, boardId: null, taskId: null };
  }
  if (given.projectId && !found.projectExists) throw new NotFoundError("Project", given.projectId, "input.financeProject");
  return given;
}

/**
 * An invoice that names another (a correction the invoice it corrects, a settlement its advance
 * invoice, an invoice its pro forma) is in that invoice's currency: a correction's `toPay` is a
 * difference of the two invoices' amounts and a settlement deducts its advance, neither of which
 * means anything across currencies (a change of currency is a new invoice). Otherwise a given
 * code must be in the currency dictionary; absent, the default currency.
 */
export function resolveCurrency(input: CreateInvoiceInput, found: InvoiceLookups, related: RelatedInvoice | null): string | null {
  if (input.currencyCode) {
    const code = input.currencyCode.toUpperCase();
    if (related && code !== related.currencyCode) {
      throw badInput(
        "input.currencyCode",
        "sameAsRelated",
        `an invoice keeps the currency of the invoice it names in \`invoice\` (${related.currencyCode ?? "none"}); leave currencyCode out or give that one`,
      );
    }
    // the message names the field, never the code sent (a client's value is not echoed)
    if (!found.currencyKnown) throw badInput("input.currencyCode", "known", "the code is not in the currency dictionary");
    return code;
  }
  if (related) return related.currencyCode;
  return found.defaultCurrency;
}
