-- ReplyToken.threadId becomes a tenant foreign key to MessageThread (businessId, threadId), ON DELETE CASCADE.
-- Tokens whose threadId is not a thread of their own agency (not a number, or a thread that is gone) are dropped:
-- they could never land anywhere.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ReplyToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "userId" INTEGER,
    "contactId" INTEGER,
    "recipientEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "ReplyToken_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReplyToken_businessId_threadId_fkey" FOREIGN KEY ("businessId", "threadId") REFERENCES "MessageThread" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReplyToken_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReplyToken_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ReplyToken" ("businessId", "contactId", "createdAt", "expiresAt", "id", "recipientEmail", "threadId", "tokenHash", "userId") SELECT r."businessId", r."contactId", r."createdAt", r."expiresAt", r."id", r."recipientEmail", CAST(r."threadId" AS INTEGER), r."tokenHash", r."userId" FROM "ReplyToken" r
WHERE EXISTS (SELECT 1 FROM "MessageThread" t WHERE t."businessId" = r."businessId" AND CAST(t."id" AS TEXT) = r."threadId");
DROP TABLE "ReplyToken";
ALTER TABLE "new_ReplyToken" RENAME TO "ReplyToken";
CREATE UNIQUE INDEX "ReplyToken_tokenHash_key" ON "ReplyToken"("tokenHash");
CREATE INDEX "ReplyToken_businessId_threadId_createdAt_idx" ON "ReplyToken"("businessId", "threadId", "createdAt");
CREATE INDEX "ReplyToken_businessId_userId_idx" ON "ReplyToken"("businessId", "userId");
CREATE INDEX "ReplyToken_businessId_contactId_idx" ON "ReplyToken"("businessId", "contactId");
CREATE INDEX "ReplyToken_expiresAt_idx" ON "ReplyToken"("expiresAt");
CREATE UNIQUE INDEX "ReplyToken_businessId_id_key" ON "ReplyToken"("businessId", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
