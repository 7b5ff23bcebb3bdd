/** The states of a vacation request (the model's value set): queued, accepted, rejected, cancelled. */
export const VACATION_STATUSES = ["q", "accepted", "rejected", "cancelled"] as const;
