-- CreateTable
CREATE TABLE "ReplyToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "threadId" TEXT NOT NULL,
    "userId" INTEGER,
    "contactId" INTEGER,
    "recipientEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "ReplyToken_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReplyToken_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReplyToken_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ReplyToken_tokenHash_key" ON "ReplyToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ReplyToken_businessId_threadId_createdAt_idx" ON "ReplyToken"("businessId", "threadId", "createdAt");

-- CreateIndex
CREATE INDEX "ReplyToken_businessId_userId_idx" ON "ReplyToken"("businessId", "userId");

-- CreateIndex
CREATE INDEX "ReplyToken_businessId_contactId_idx" ON "ReplyToken"("businessId", "contactId");

-- CreateIndex
CREATE INDEX "ReplyToken_expiresAt_idx" ON "ReplyToken"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReplyToken_businessId_id_key" ON "ReplyToken"("businessId", "id");
