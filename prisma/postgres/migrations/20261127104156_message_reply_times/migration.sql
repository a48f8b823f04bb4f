-- CreateIndex
CREATE INDEX "Message_businessId_authorKind_createdAt_idx" ON "Message"("businessId", "authorKind", "createdAt");
