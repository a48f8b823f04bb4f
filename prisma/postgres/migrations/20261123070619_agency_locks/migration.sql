-- CreateTable
CREATE TABLE "AgencyLock" (
    "businessId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgencyLock_pkey" PRIMARY KEY ("businessId","name")
);

-- AddForeignKey
ALTER TABLE "AgencyLock" ADD CONSTRAINT "AgencyLock_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
