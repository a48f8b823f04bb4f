-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "clientMagicLinkOnly" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "clientSelfServiceInvites" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sessionLifetimeDays" INTEGER;

-- AlterTable
ALTER TABLE "Contact" ADD COLUMN     "clientAdmin" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ssoSubject" TEXT;

-- AlterTable
ALTER TABLE "PortalSession" ADD COLUMN     "companyId" INTEGER;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "ip" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lastSeenAt" TIMESTAMP(3),
ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'password',
ADD COLUMN     "userAgent" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "blockedAt" TIMESTAMP(3),
ADD COLUMN     "ssoSubject" TEXT;

-- CreateTable
CREATE TABLE "PortalMagicLink" (
    "id" TEXT NOT NULL,
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalMagicLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactCompany" (
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "clientAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactCompany_pkey" PRIMARY KEY ("contactId","companyId")
);

-- CreateTable
CREATE TABLE "ColleagueInvite" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "invitedById" INTEGER,
    "contactId" INTEGER,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ColleagueInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoConnection" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoFlow" (
    "id" TEXT NOT NULL,
    "businessId" INTEGER NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "returnTo" TEXT NOT NULL DEFAULT '',
    "test" BOOLEAN NOT NULL DEFAULT false,
    "testResult" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoFlow_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "PortalMagicLink" ADD CONSTRAINT "PortalMagicLink_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalMagicLink" ADD CONSTRAINT "PortalMagicLink_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactCompany" ADD CONSTRAINT "ContactCompany_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactCompany" ADD CONSTRAINT "ContactCompany_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactCompany" ADD CONSTRAINT "ContactCompany_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ColleagueInvite" ADD CONSTRAINT "ColleagueInvite_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ColleagueInvite" ADD CONSTRAINT "ColleagueInvite_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ColleagueInvite" ADD CONSTRAINT "ColleagueInvite_businessId_invitedById_fkey" FOREIGN KEY ("businessId", "invitedById") REFERENCES "Contact"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ColleagueInvite" ADD CONSTRAINT "ColleagueInvite_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ColleagueInvite" ADD CONSTRAINT "ColleagueInvite_businessId_decidedById_fkey" FOREIGN KEY ("businessId", "decidedById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoConnection" ADD CONSTRAINT "SsoConnection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoFlow" ADD CONSTRAINT "SsoFlow_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoFlow" ADD CONSTRAINT "SsoFlow_businessId_connectionId_fkey" FOREIGN KEY ("businessId", "connectionId") REFERENCES "SsoConnection"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex
CREATE UNIQUE INDEX "User_businessId_ssoSubject_key" ON "User"("businessId", "ssoSubject");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_businessId_ssoSubject_key" ON "Contact"("businessId", "ssoSubject");
