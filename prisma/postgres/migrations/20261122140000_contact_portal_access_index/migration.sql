-- CreateIndex
CREATE INDEX "Contact_businessId_portalAccess_idx" ON "Contact"("businessId", "portalAccess");

