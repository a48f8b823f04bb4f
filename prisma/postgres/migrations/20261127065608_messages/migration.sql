-- CreateTable
CREATE TABLE "MessageThread" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "projectId" INTEGER,
    "kind" TEXT NOT NULL,
    "subject" TEXT,
    "singletonKey" TEXT,
    "createdById" INTEGER,
    "assigneeId" INTEGER,
    "lastMessageAt" TIMESTAMP(3),
    "lastPublicMessageAt" TIMESTAMP(3),
    "waitingOnStaff" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageThread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "authorUserId" INTEGER,
    "authorContactId" INTEGER,
    "authorKind" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "internal" BOOLEAN NOT NULL DEFAULT false,
    "editedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageAttachment" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,

    CONSTRAINT "MessageAttachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageRead" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "userId" INTEGER,
    "contactId" INTEGER,
    "lastReadMessageId" INTEGER NOT NULL,
    "lastReadAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageRead_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MessageThread_businessId_lastMessageAt_id_idx" ON "MessageThread"("businessId", "lastMessageAt", "id");

-- CreateIndex
CREATE INDEX "MessageThread_businessId_companyId_lastMessageAt_id_idx" ON "MessageThread"("businessId", "companyId", "lastMessageAt", "id");

-- CreateIndex
CREATE INDEX "MessageThread_businessId_companyId_lastPublicMessageAt_id_idx" ON "MessageThread"("businessId", "companyId", "lastPublicMessageAt", "id");

-- CreateIndex
CREATE INDEX "MessageThread_businessId_projectId_idx" ON "MessageThread"("businessId", "projectId");

-- CreateIndex
CREATE INDEX "MessageThread_businessId_assigneeId_lastMessageAt_id_idx" ON "MessageThread"("businessId", "assigneeId", "lastMessageAt", "id");

-- CreateIndex
CREATE INDEX "MessageThread_businessId_waitingOnStaff_lastMessageAt_id_idx" ON "MessageThread"("businessId", "waitingOnStaff", "lastMessageAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MessageThread_businessId_id_key" ON "MessageThread"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MessageThread_businessId_singletonKey_key" ON "MessageThread"("businessId", "singletonKey");

-- CreateIndex
CREATE INDEX "Message_businessId_threadId_id_idx" ON "Message"("businessId", "threadId", "id");

-- CreateIndex
CREATE INDEX "Message_businessId_authorUserId_idx" ON "Message"("businessId", "authorUserId");

-- CreateIndex
CREATE INDEX "Message_businessId_authorContactId_idx" ON "Message"("businessId", "authorContactId");

-- CreateIndex
CREATE UNIQUE INDEX "Message_businessId_id_key" ON "Message"("businessId", "id");

-- CreateIndex
CREATE INDEX "MessageAttachment_businessId_documentId_idx" ON "MessageAttachment"("businessId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "MessageAttachment_businessId_id_key" ON "MessageAttachment"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MessageAttachment_messageId_documentId_key" ON "MessageAttachment"("messageId", "documentId");

-- CreateIndex
CREATE INDEX "MessageRead_businessId_threadId_idx" ON "MessageRead"("businessId", "threadId");

-- CreateIndex
CREATE INDEX "MessageRead_businessId_userId_idx" ON "MessageRead"("businessId", "userId");

-- CreateIndex
CREATE INDEX "MessageRead_businessId_contactId_idx" ON "MessageRead"("businessId", "contactId");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRead_businessId_id_key" ON "MessageRead"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRead_threadId_userId_key" ON "MessageRead"("threadId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRead_threadId_contactId_key" ON "MessageRead"("threadId", "contactId");

-- CreateIndex
CREATE UNIQUE INDEX "Document_businessId_id_key" ON "Document"("businessId", "id");

-- AddForeignKey
ALTER TABLE "MessageThread" ADD CONSTRAINT "MessageThread_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageThread" ADD CONSTRAINT "MessageThread_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageThread" ADD CONSTRAINT "MessageThread_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageThread" ADD CONSTRAINT "MessageThread_businessId_createdById_fkey" FOREIGN KEY ("businessId", "createdById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageThread" ADD CONSTRAINT "MessageThread_businessId_assigneeId_fkey" FOREIGN KEY ("businessId", "assigneeId") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_businessId_threadId_fkey" FOREIGN KEY ("businessId", "threadId") REFERENCES "MessageThread"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_businessId_authorUserId_fkey" FOREIGN KEY ("businessId", "authorUserId") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_businessId_authorContactId_fkey" FOREIGN KEY ("businessId", "authorContactId") REFERENCES "Contact"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageAttachment" ADD CONSTRAINT "MessageAttachment_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageAttachment" ADD CONSTRAINT "MessageAttachment_businessId_messageId_fkey" FOREIGN KEY ("businessId", "messageId") REFERENCES "Message"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageAttachment" ADD CONSTRAINT "MessageAttachment_businessId_documentId_fkey" FOREIGN KEY ("businessId", "documentId") REFERENCES "Document"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_businessId_threadId_fkey" FOREIGN KEY ("businessId", "threadId") REFERENCES "MessageThread"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
