-- DropIndex
DROP INDEX "Project_businessId_status_idx";

-- DropIndex
DROP INDEX "Task_businessId_status_idx";

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalInvite" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "PortalInvite_tokenHash_key" ON "PortalInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "PortalInvite_businessId_contactId_idx" ON "PortalInvite"("businessId", "contactId");

-- CreateIndex
CREATE INDEX "Contact_businessId_firstName_idx" ON "Contact"("businessId", "firstName");

-- CreateIndex
CREATE INDEX "Contact_businessId_createdAt_idx" ON "Contact"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "Project_businessId_status_createdAt_idx" ON "Project"("businessId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Task_businessId_status_priority_idx" ON "Task"("businessId", "status", "priority");

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalInvite" ADD CONSTRAINT "PortalInvite_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalInvite" ADD CONSTRAINT "PortalInvite_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

