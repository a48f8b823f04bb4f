-- ReplyToken.threadId becomes a tenant foreign key to MessageThread (businessId, threadId), ON DELETE CASCADE.
-- Tokens whose threadId is not a thread of their own agency (not a number, or a thread that is gone) are dropped:
-- they could never land anywhere.
DELETE FROM "ReplyToken" r
WHERE NOT EXISTS (SELECT 1 FROM "MessageThread" t WHERE t."businessId" = r."businessId" AND t."id"::text = r."threadId");

-- AlterTable (the index on (businessId, threadId, createdAt) is rebuilt with the column)
ALTER TABLE "ReplyToken" ALTER COLUMN "threadId" TYPE INTEGER USING "threadId"::integer;

-- AddForeignKey
ALTER TABLE "ReplyToken" ADD CONSTRAINT "ReplyToken_businessId_threadId_fkey" FOREIGN KEY ("businessId", "threadId") REFERENCES "MessageThread"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
