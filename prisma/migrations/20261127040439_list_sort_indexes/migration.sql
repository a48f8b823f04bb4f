-- CreateIndex
CREATE INDEX "Company_businessId_name_id_idx" ON "Company"("businessId", "name", "id");

-- CreateIndex
CREATE INDEX "Company_businessId_status_id_idx" ON "Company"("businessId", "status", "id");

-- CreateIndex
CREATE INDEX "Company_businessId_createdAt_id_idx" ON "Company"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Company_businessId_status_name_id_idx" ON "Company"("businessId", "status", "name", "id");

-- CreateIndex
CREATE INDEX "Company_businessId_status_createdAt_id_idx" ON "Company"("businessId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Contact_businessId_firstName_id_idx" ON "Contact"("businessId", "firstName", "id");

-- CreateIndex
CREATE INDEX "Contact_businessId_createdAt_id_idx" ON "Contact"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Contact_businessId_companyId_id_idx" ON "Contact"("businessId", "companyId", "id");

-- CreateIndex
CREATE INDEX "Contact_businessId_companyId_firstName_id_idx" ON "Contact"("businessId", "companyId", "firstName", "id");

-- CreateIndex
CREATE INDEX "Contact_businessId_companyId_createdAt_id_idx" ON "Contact"("businessId", "companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_name_id_idx" ON "Document"("businessId", "name", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_type_id_idx" ON "Document"("businessId", "type", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_size_id_idx" ON "Document"("businessId", "size", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_createdAt_id_idx" ON "Document"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_type_name_id_idx" ON "Document"("businessId", "type", "name", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_type_size_id_idx" ON "Document"("businessId", "type", "size", "id");

-- CreateIndex
CREATE INDEX "Document_businessId_type_createdAt_id_idx" ON "Document"("businessId", "type", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_name_id_idx" ON "Project"("businessId", "name", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_status_id_idx" ON "Project"("businessId", "status", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_completionDate_id_idx" ON "Project"("businessId", "completionDate", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_createdAt_id_idx" ON "Project"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_status_name_id_idx" ON "Project"("businessId", "status", "name", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_status_completionDate_id_idx" ON "Project"("businessId", "status", "completionDate", "id");

-- CreateIndex
CREATE INDEX "Project_businessId_status_createdAt_id_idx" ON "Project"("businessId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Resource_businessId_title_id_idx" ON "Resource"("businessId", "title", "id");

-- CreateIndex
CREATE INDEX "Resource_businessId_status_title_id_idx" ON "Resource"("businessId", "status", "title", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_dueDate_id_idx" ON "Task"("businessId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_priority_id_idx" ON "Task"("businessId", "priority", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_status_id_idx" ON "Task"("businessId", "status", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_createdAt_id_idx" ON "Task"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_status_dueDate_id_idx" ON "Task"("businessId", "status", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_status_priority_id_idx" ON "Task"("businessId", "status", "priority", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_status_createdAt_id_idx" ON "Task"("businessId", "status", "createdAt", "id");
