-- AlterTable
ALTER TABLE "PortalSession" ADD COLUMN "companyId" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN "blockedAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "ssoSubject" TEXT;

-- CreateTable
CREATE TABLE "PortalMagicLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PortalMagicLink_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PortalMagicLink_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactCompany" (
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "clientAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("contactId", "companyId"),
    CONSTRAINT "ContactCompany_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContactCompany_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContactCompany_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ColleagueInvite" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "invitedById" INTEGER,
    "contactId" INTEGER,
    "decidedById" INTEGER,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ColleagueInvite_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ColleagueInvite_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ColleagueInvite_businessId_invitedById_fkey" FOREIGN KEY ("businessId", "invitedById") REFERENCES "Contact" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "ColleagueInvite_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "ColleagueInvite_businessId_decidedById_fkey" FOREIGN KEY ("businessId", "decidedById") REFERENCES "User" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoConnection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "audience" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecret" TEXT NOT NULL,
    "allowedDomains" TEXT NOT NULL DEFAULT '',
    "defaultRole" TEXT NOT NULL DEFAULT 'member',
    "autoCreateCompanyId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SsoConnection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoFlow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" INTEGER NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnTo" TEXT NOT NULL DEFAULT '',
    "test" BOOLEAN NOT NULL DEFAULT false,
    "testResult" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SsoFlow_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SsoFlow_businessId_connectionId_fkey" FOREIGN KEY ("businessId", "connectionId") REFERENCES "SsoConnection" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AddColumns (ALTER, not a table redefinition: Contact's search triggers must stay)
ALTER TABLE "Business" ADD COLUMN "clientMagicLinkOnly" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Business" ADD COLUMN "clientSelfServiceInvites" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Business" ADD COLUMN "sessionLifetimeDays" INTEGER;
ALTER TABLE "Contact" ADD COLUMN "clientAdmin" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Contact" ADD COLUMN "ssoSubject" TEXT;
ALTER TABLE "Session" ADD COLUMN "ip" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Session" ADD COLUMN "method" TEXT NOT NULL DEFAULT 'password';
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" DATETIME;

-- CreateIndex
CREATE INDEX "PortalMagicLink_businessId_contactId_idx" ON "PortalMagicLink"("businessId", "contactId");

-- CreateIndex
CREATE INDEX "PortalMagicLink_expiresAt_idx" ON "PortalMagicLink"("expiresAt");

-- CreateIndex
CREATE INDEX "ContactCompany_businessId_companyId_idx" ON "ContactCompany"("businessId", "companyId");

-- CreateIndex
CREATE INDEX "ColleagueInvite_businessId_companyId_status_idx" ON "ColleagueInvite"("businessId", "companyId", "status");

-- CreateIndex
CREATE INDEX "ColleagueInvite_businessId_status_createdAt_idx" ON "ColleagueInvite"("businessId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "ColleagueInvite_businessId_invitedById_idx" ON "ColleagueInvite"("businessId", "invitedById");

-- CreateIndex
CREATE INDEX "ColleagueInvite_businessId_contactId_idx" ON "ColleagueInvite"("businessId", "contactId");

-- CreateIndex
CREATE UNIQUE INDEX "ColleagueInvite_businessId_id_key" ON "ColleagueInvite"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SsoConnection_businessId_id_key" ON "SsoConnection"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SsoConnection_businessId_audience_key" ON "SsoConnection"("businessId", "audience");

-- CreateIndex
CREATE INDEX "SsoFlow_businessId_connectionId_idx" ON "SsoFlow"("businessId", "connectionId");

-- CreateIndex
CREATE INDEX "SsoFlow_expiresAt_idx" ON "SsoFlow"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_businessId_ssoSubject_key" ON "User"("businessId", "ssoSubject");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_businessId_ssoSubject_key" ON "Contact"("businessId", "ssoSubject");
