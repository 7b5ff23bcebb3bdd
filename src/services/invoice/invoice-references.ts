import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
import type { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import type { CorrectedInvoice, InvoiceLookupKeys, InvoiceLookups } from "./invoice.read";

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
 * it; a level given as well must agree with it. A correction that names none is booked where
 * the corrected invoice is.
 */
export function resolveFinance(input: CreateInvoiceInput, found: InvoiceLookups, corrected: CorrectedInvoice | null): FinanceRefs {
  const given: FinanceRefs = {
    projectId: input.financeProject ?? null,
    stageId: input.financeStage ?? null,
    boardId: input.financeBoard ?? null,
    taskId: input.financeTask ?? null,
  };
  if (corrected && !given.projectId && !given.stageId && !given.boardId && !given.taskId) {
    return {
      projectId: corrected.financeProjectId,
      stageId: corrected.financeStageId,
      boardId: corrected.financeBoardId,
      taskId: corrected.financeTaskId,
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

/** A given code must be in the currency dictionary; absent, a correction keeps its invoice's currency, else the default currency. */
export function resolveCurrency(input: CreateInvoiceInput, found: InvoiceLookups, corrected: CorrectedInvoice | null): string | null {
  if (input.currencyCode) {
    const code = input.currencyCode.toUpperCase();
    // the message names the field, never the code sent (a client's value is not echoed)
    if (!found.currencyKnown) throw badInput("input.currencyCode", "known", "the code is not in the currency dictionary");
    return code;
  }
  if (corrected) return corrected.currencyCode;
  return found.defaultCurrency;
}
