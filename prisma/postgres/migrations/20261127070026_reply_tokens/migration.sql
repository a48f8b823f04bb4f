-- CreateTable
CREATE TABLE "ReplyToken" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "threadId" TEXT NOT NULL,
    "userId" INTEGER,
    "contactId" INTEGER,
    "recipientEmail" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReplyToken_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ReplyToken" ADD CONSTRAINT "ReplyToken_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReplyToken" ADD CONSTRAINT "ReplyToken_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReplyToken" ADD CONSTRAINT "ReplyToken_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
