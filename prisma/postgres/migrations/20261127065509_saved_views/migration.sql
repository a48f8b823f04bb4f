-- CreateTable
CREATE TABLE "SavedView" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "list" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedView_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SavedView_businessId_userId_list_name_idx" ON "SavedView"("businessId", "userId", "list", "name");

-- CreateIndex
CREATE INDEX "SavedView_businessId_list_shared_name_idx" ON "SavedView"("businessId", "list", "shared", "name");

-- CreateIndex
CREATE UNIQUE INDEX "SavedView_businessId_id_key" ON "SavedView"("businessId", "id");

-- AddForeignKey
ALTER TABLE "SavedView" ADD CONSTRAINT "SavedView_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedView" ADD CONSTRAINT "SavedView_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
