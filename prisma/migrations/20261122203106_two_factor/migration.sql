-- AlterTable
ALTER TABLE "User" ADD COLUMN "totpEnabledAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "totpSecret" TEXT;

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RecoveryCode_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RecoveryCode_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TwoFactorChallenge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TwoFactorChallenge_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TwoFactorChallenge_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (a column with a default: no table rebuild needed)
ALTER TABLE "Business" ADD COLUMN "requireTwoFactor" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "RecoveryCode_businessId_userId_idx" ON "RecoveryCode"("businessId", "userId");

-- CreateIndex
CREATE INDEX "RecoveryCode_userId_codeHash_idx" ON "RecoveryCode"("userId", "codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "RecoveryCode_businessId_id_key" ON "RecoveryCode"("businessId", "id");

-- CreateIndex
CREATE INDEX "TwoFactorChallenge_businessId_userId_idx" ON "TwoFactorChallenge"("businessId", "userId");

-- CreateIndex
CREATE INDEX "TwoFactorChallenge_expiresAt_idx" ON "TwoFactorChallenge"("expiresAt");
