-- CreateTable
CREATE TABLE "ProjectTemplate" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProjectTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTemplateTask" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "templateId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "priority" TEXT NOT NULL DEFAULT 'medium',
    "dueOffsetDays" INTEGER,
    "internal" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ProjectTemplateTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowTemplate" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "workflowType" TEXT NOT NULL,
    "steps" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FlowTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTemplateFlow" (
    "businessId" INTEGER NOT NULL,
    "projectTemplateId" INTEGER NOT NULL,
    "flowTemplateId" INTEGER NOT NULL,

    CONSTRAINT "ProjectTemplateFlow_pkey" PRIMARY KEY ("projectTemplateId","flowTemplateId")
);

-- CreateIndex
CREATE INDEX "ProjectTemplate_businessId_name_idx" ON "ProjectTemplate"("businessId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectTemplate_businessId_id_key" ON "ProjectTemplate"("businessId", "id");

-- CreateIndex
CREATE INDEX "ProjectTemplateTask_businessId_templateId_position_idx" ON "ProjectTemplateTask"("businessId", "templateId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectTemplateTask_businessId_id_key" ON "ProjectTemplateTask"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowTemplate_businessId_name_idx" ON "FlowTemplate"("businessId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "FlowTemplate_businessId_id_key" ON "FlowTemplate"("businessId", "id");

-- CreateIndex
CREATE INDEX "ProjectTemplateFlow_businessId_flowTemplateId_idx" ON "ProjectTemplateFlow"("businessId", "flowTemplateId");

-- AddForeignKey
ALTER TABLE "ProjectTemplate" ADD CONSTRAINT "ProjectTemplate_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateTask" ADD CONSTRAINT "ProjectTemplateTask_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateTask" ADD CONSTRAINT "ProjectTemplateTask_businessId_templateId_fkey" FOREIGN KEY ("businessId", "templateId") REFERENCES "ProjectTemplate"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowTemplate" ADD CONSTRAINT "FlowTemplate_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateFlow" ADD CONSTRAINT "ProjectTemplateFlow_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateFlow" ADD CONSTRAINT "ProjectTemplateFlow_businessId_projectTemplateId_fkey" FOREIGN KEY ("businessId", "projectTemplateId") REFERENCES "ProjectTemplate"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateFlow" ADD CONSTRAINT "ProjectTemplateFlow_businessId_flowTemplateId_fkey" FOREIGN KEY ("businessId", "flowTemplateId") REFERENCES "FlowTemplate"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
