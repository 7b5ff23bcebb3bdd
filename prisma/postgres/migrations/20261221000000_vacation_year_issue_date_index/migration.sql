-- CreateIndex
CREATE INDEX "Vacation_vacationYear_issueDate_id_idx" ON "Vacation"("vacationYear", "issueDate", "id");
