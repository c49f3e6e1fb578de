-- CreateIndex
CREATE INDEX "UserBookState_microbookId_idx" ON "UserBookState"("microbookId");
