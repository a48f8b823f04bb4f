-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "DocumentVersion" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "storageKey" TEXT,
    "url" TEXT NOT NULL,
    "mimeType" TEXT,
    "originalName" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "sha256" TEXT,
    "uploadedById" INTEGER,
    "uploadedByName" TEXT,
    "sharedWithClient" BOOLEAN NOT NULL DEFAULT false,
    "previewStatus" TEXT NOT NULL DEFAULT 'pending',
    "thumbKey" TEXT,
    "thumbHash" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "pageCount" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApprovalRequest" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "versionId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "message" TEXT,
    "dueAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedById" INTEGER,
    "requestedByName" TEXT NOT NULL,
    "remindedAt" TIMESTAMP(3),
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApprovalRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApprovalStep" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "requestId" INTEGER NOT NULL,
    "contactId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" INTEGER,
    "decidedByName" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decidedIp" TEXT,
    "versionSha256" TEXT,
    "comment" TEXT,

    CONSTRAINT "ApprovalStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewComment" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "versionId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "authorKind" TEXT NOT NULL,
    "authorUserId" INTEGER,
    "authorContactId" INTEGER,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "internal" BOOLEAN NOT NULL DEFAULT false,
    "pinPage" INTEGER,
    "pinX" DOUBLE PRECISION,
    "pinY" DOUBLE PRECISION,
    "pinNumber" INTEGER,
    "resolvedAt" TIMESTAMP(3),
    "resolvedByName" TEXT,
    "editedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DocumentVersion_businessId_documentId_number_idx" ON "DocumentVersion"("businessId", "documentId", "number");

-- CreateIndex
CREATE INDEX "DocumentVersion_businessId_uploadedById_idx" ON "DocumentVersion"("businessId", "uploadedById");

-- CreateIndex
CREATE INDEX "DocumentVersion_businessId_storageKey_idx" ON "DocumentVersion"("businessId", "storageKey");

-- CreateIndex
CREATE INDEX "DocumentVersion_businessId_thumbKey_idx" ON "DocumentVersion"("businessId", "thumbKey");

-- CreateIndex
CREATE INDEX "DocumentVersion_previewStatus_id_idx" ON "DocumentVersion"("previewStatus", "id");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentVersion_businessId_id_key" ON "DocumentVersion"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentVersion_documentId_number_key" ON "DocumentVersion"("documentId", "number");

-- CreateIndex
CREATE INDEX "ApprovalRequest_businessId_documentId_status_idx" ON "ApprovalRequest"("businessId", "documentId", "status");

-- CreateIndex
CREATE INDEX "ApprovalRequest_businessId_companyId_status_idx" ON "ApprovalRequest"("businessId", "companyId", "status");

-- CreateIndex
CREATE INDEX "ApprovalRequest_businessId_status_dueAt_idx" ON "ApprovalRequest"("businessId", "status", "dueAt");

-- CreateIndex
CREATE INDEX "ApprovalRequest_businessId_versionId_idx" ON "ApprovalRequest"("businessId", "versionId");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalRequest_businessId_id_key" ON "ApprovalRequest"("businessId", "id");

-- CreateIndex
CREATE INDEX "ApprovalStep_businessId_contactId_status_idx" ON "ApprovalStep"("businessId", "contactId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalStep_businessId_id_key" ON "ApprovalStep"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalStep_requestId_position_key" ON "ApprovalStep"("requestId", "position");

-- CreateIndex
CREATE INDEX "ReviewComment_businessId_versionId_id_idx" ON "ReviewComment"("businessId", "versionId", "id");

-- CreateIndex
CREATE INDEX "ReviewComment_businessId_documentId_id_idx" ON "ReviewComment"("businessId", "documentId", "id");

-- CreateIndex
CREATE INDEX "ReviewComment_businessId_parentId_idx" ON "ReviewComment"("businessId", "parentId");

-- CreateIndex
CREATE INDEX "ReviewComment_businessId_authorUserId_idx" ON "ReviewComment"("businessId", "authorUserId");

-- CreateIndex
CREATE INDEX "ReviewComment_businessId_authorContactId_idx" ON "ReviewComment"("businessId", "authorContactId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewComment_businessId_id_key" ON "ReviewComment"("businessId", "id");

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_businessId_documentId_fkey" FOREIGN KEY ("businessId", "documentId") REFERENCES "Document"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_businessId_uploadedById_fkey" FOREIGN KEY ("businessId", "uploadedById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_businessId_documentId_fkey" FOREIGN KEY ("businessId", "documentId") REFERENCES "Document"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_businessId_versionId_fkey" FOREIGN KEY ("businessId", "versionId") REFERENCES "DocumentVersion"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_businessId_requestedById_fkey" FOREIGN KEY ("businessId", "requestedById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalStep" ADD CONSTRAINT "ApprovalStep_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalStep" ADD CONSTRAINT "ApprovalStep_businessId_requestId_fkey" FOREIGN KEY ("businessId", "requestId") REFERENCES "ApprovalRequest"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalStep" ADD CONSTRAINT "ApprovalStep_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_businessId_documentId_fkey" FOREIGN KEY ("businessId", "documentId") REFERENCES "Document"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_businessId_versionId_fkey" FOREIGN KEY ("businessId", "versionId") REFERENCES "DocumentVersion"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_businessId_authorUserId_fkey" FOREIGN KEY ("businessId", "authorUserId") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewComment" ADD CONSTRAINT "ReviewComment_businessId_authorContactId_fkey" FOREIGN KEY ("businessId", "authorContactId") REFERENCES "Contact"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- Every file has a version 1: its current bytes, uploaded by whoever uploaded the file (issue 31).
INSERT INTO "DocumentVersion" ("businessId", "documentId", "number", "storageKey", "url", "mimeType", "originalName", "size", "uploadedById", "uploadedByName", "previewStatus", "createdAt")
SELECT d."businessId", d."id", 1, d."storageKey", d."url", d."mimeType", d."originalName", d."size", d."uploadedById",
       (SELECT u."firstName" || ' ' || u."lastName" FROM "User" u WHERE u."id" = d."uploadedById"),
       CASE WHEN d."storageKey" IS NULL THEN 'none' ELSE 'pending' END, d."createdAt"
FROM "Document" d;
