-- CreateTable
CREATE TABLE "AgencyLock" (
    "businessId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,

    PRIMARY KEY ("businessId", "name"),
    CONSTRAINT "AgencyLock_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
