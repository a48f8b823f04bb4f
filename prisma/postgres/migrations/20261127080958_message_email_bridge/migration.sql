-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "messageEmailDelayMinutes" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "messageEmailIncludesText" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "emailMessageId" TEXT;

-- AlterTable
ALTER TABLE "MessageRead" ADD COLUMN     "emailedUpToMessageId" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Message_businessId_threadId_emailMessageId_key" ON "Message"("businessId", "threadId", "emailMessageId");
