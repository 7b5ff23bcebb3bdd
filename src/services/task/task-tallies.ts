/** What the tasks of one group (a project, a stage, a board) add up to. */
export interface TaskTally {
  total: number;
  /** Tasks with a finishedAt. */
  finished: number;
  /** Sum of the tasks' timePlanned, in seconds. */
  timePlanned: number;
}

/** Share of finished tasks, 0 to 1 (Stage.progress, Project.progress, the gantt's progress); 0 when there is nothing to finish. */
export function progressShare(tally: TaskTally | undefined): number {
  return !tally || tally.total === 0 ? 0 : tally.finished / tally.total;
}
