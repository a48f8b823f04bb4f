-- AlterTable
ALTER TABLE "Message" ADD COLUMN "emailMessageId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Business" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "street1" TEXT NOT NULL DEFAULT '',
    "street2" TEXT NOT NULL DEFAULT '',
    "cityTown" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT '',
    "zipcode" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT '',
    "primaryColor" TEXT NOT NULL DEFAULT '#276398',
    "secondaryColor" TEXT NOT NULL DEFAULT '#5b5b5b',
    "buttonTextColor" TEXT NOT NULL DEFAULT '#010101',
    "loginText" TEXT NOT NULL DEFAULT 'Sign in to follow your projects, tasks and files.',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "requireTwoFactor" BOOLEAN NOT NULL DEFAULT false,
    "messageEmailDelayMinutes" INTEGER NOT NULL DEFAULT 5,
    "messageEmailIncludesText" BOOLEAN NOT NULL DEFAULT false,
    "logoKey" TEXT,
    "logoName" TEXT,
    "logoMime" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Business" ("buttonTextColor", "cityTown", "country", "createdAt", "currency", "email", "id", "loginText", "logoKey", "logoMime", "logoName", "name", "phone", "primaryColor", "requireTwoFactor", "secondaryColor", "slug", "state", "street1", "street2", "updatedAt", "zipcode") SELECT "buttonTextColor", "cityTown", "country", "createdAt", "currency", "email", "id", "loginText", "logoKey", "logoMime", "logoName", "name", "phone", "primaryColor", "requireTwoFactor", "secondaryColor", "slug", "state", "street1", "street2", "updatedAt", "zipcode" FROM "Business";
DROP TABLE "Business";
ALTER TABLE "new_Business" RENAME TO "Business";
CREATE UNIQUE INDEX "Business_slug_key" ON "Business"("slug");
CREATE TABLE "new_MessageRead" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "userId" INTEGER,
    "contactId" INTEGER,
    "lastReadMessageId" INTEGER NOT NULL,
    "lastReadAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "emailedUpToMessageId" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MessageRead_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MessageRead_businessId_threadId_fkey" FOREIGN KEY ("businessId", "threadId") REFERENCES "MessageThread" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MessageRead_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MessageRead_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_MessageRead" ("businessId", "contactId", "id", "lastReadAt", "lastReadMessageId", "threadId", "userId") SELECT "businessId", "contactId", "id", "lastReadAt", "lastReadMessageId", "threadId", "userId" FROM "MessageRead";
DROP TABLE "MessageRead";
ALTER TABLE "new_MessageRead" RENAME TO "MessageRead";
CREATE INDEX "MessageRead_businessId_threadId_idx" ON "MessageRead"("businessId", "threadId");
CREATE INDEX "MessageRead_businessId_userId_idx" ON "MessageRead"("businessId", "userId");
CREATE INDEX "MessageRead_businessId_contactId_idx" ON "MessageRead"("businessId", "contactId");
CREATE UNIQUE INDEX "MessageRead_businessId_id_key" ON "MessageRead"("businessId", "id");
CREATE UNIQUE INDEX "MessageRead_threadId_userId_key" ON "MessageRead"("threadId", "userId");
CREATE UNIQUE INDEX "MessageRead_threadId_contactId_key" ON "MessageRead"("threadId", "contactId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Message_businessId_threadId_emailMessageId_key" ON "Message"("businessId", "threadId", "emailMessageId");
