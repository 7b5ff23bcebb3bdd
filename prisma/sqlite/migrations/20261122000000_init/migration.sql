-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "shortCode" TEXT NOT NULL,
    "phoneNumber" TEXT NOT NULL DEFAULT '',
    "pictureSm" TEXT NOT NULL DEFAULT '',
    "pictureLg" TEXT NOT NULL DEFAULT '',
    "jobPositionId" TEXT,
    "contractorId" TEXT,
    "canLogIn" BOOLEAN NOT NULL DEFAULT true,
    "allowApiTokenAuthentication" BOOLEAN NOT NULL DEFAULT true,
    "isExternal" BOOLEAN NOT NULL DEFAULT false,
    "isUsingMobile" BOOLEAN NOT NULL DEFAULT false,
    "twoFactorAuth" BOOLEAN NOT NULL DEFAULT false,
    "lastActivity" DATETIME,
    "lastActivityMobile" DATETIME,
    "hoursPerWorkDay" DECIMAL NOT NULL DEFAULT 8,
    "tasksPerWorkday" INTEGER NOT NULL DEFAULT 0,
    "decorator" TEXT NOT NULL DEFAULT '#2490e3',
    "hourlyRate" DECIMAL,
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_jobPositionId_fkey" FOREIGN KEY ("jobPositionId") REFERENCES "JobPosition" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "User_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserRole" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    CONSTRAINT "UserRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobPosition" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Department" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "UserDepartment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "departmentId" TEXT NOT NULL,
    "isLeader" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "UserDepartment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserDepartment_departmentId_fkey" FOREIGN KEY ("departmentId") REFERENCES "Department" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoProvider" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tenantId" TEXT NOT NULL,
    "tenantName" TEXT NOT NULL,
    "type" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "UserSsoProvider" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "ssoProviderId" TEXT NOT NULL,
    "isUserLinked" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "UserSsoProvider_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserSsoProvider_ssoProviderId_fkey" FOREIGN KEY ("ssoProviderId") REFERENCES "SsoProvider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'api',
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME,
    "revokedAt" DATETIME,
    "lastUsedAt" DATETIME,
    CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Shortcut" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "weight" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "viewUrl" TEXT NOT NULL,
    "isOpenedInNewTab" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Shortcut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Contractor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "fullName" TEXT NOT NULL DEFAULT '',
    "shortCode" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "phoneNumber" TEXT NOT NULL DEFAULT '',
    "pictureSm" TEXT NOT NULL DEFAULT '',
    "pictureLg" TEXT NOT NULL DEFAULT '',
    "defaultLocation" TEXT NOT NULL DEFAULT '',
    "vatId" TEXT NOT NULL DEFAULT '',
    "identifierType" TEXT NOT NULL DEFAULT 'nip',
    "street" TEXT,
    "zipCode" TEXT,
    "city" TEXT,
    "countryCode" TEXT,
    "accountingEmail" TEXT,
    "isJst" BOOLEAN NOT NULL DEFAULT false,
    "isGv" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ContractorAttendant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contractorId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    CONSTRAINT "ContractorAttendant_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractorAttendant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IndustryBranch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ContractorIndustryBranch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contractorId" TEXT NOT NULL,
    "industryBranchId" TEXT NOT NULL,
    CONSTRAINT "ContractorIndustryBranch_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractorIndustryBranch_industryBranchId_fkey" FOREIGN KEY ("industryBranchId") REFERENCES "IndustryBranch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ContractorTag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contractorId" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,
    CONSTRAINT "ContractorTag_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractorTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomFieldDefinition" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL DEFAULT '',
    "scope" TEXT NOT NULL,
    "dataType" TEXT NOT NULL,
    "floatDisplayType" TEXT NOT NULL DEFAULT 'float',
    "floatDecimalPlaces" INTEGER NOT NULL DEFAULT 2,
    "floatCurrencyCode" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "CustomFieldSelectOption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "definitionId" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',
    CONSTRAINT "CustomFieldSelectOption_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "CustomFieldDefinition" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomFieldValue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "definitionId" TEXT NOT NULL,
    "projectId" TEXT,
    "projectTemplateId" TEXT,
    "contractorId" TEXT,
    "valueText" TEXT,
    "valueFloat" DECIMAL,
    "valueDateTime" DATETIME,
    "valueDepartmentId" TEXT,
    CONSTRAINT "CustomFieldValue_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "CustomFieldDefinition" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValue_projectTemplateId_fkey" FOREIGN KEY ("projectTemplateId") REFERENCES "ProjectTemplate" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValue_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValue_valueDepartmentId_fkey" FOREIGN KEY ("valueDepartmentId") REFERENCES "Department" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomFieldValueSelectOption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "valueId" TEXT NOT NULL,
    "optionId" TEXT NOT NULL,
    CONSTRAINT "CustomFieldValueSelectOption_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "CustomFieldValue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValueSelectOption_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "CustomFieldSelectOption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomFieldValueUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "valueId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    CONSTRAINT "CustomFieldValueUser_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "CustomFieldValue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CustomFieldValueUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ProjectNumbering" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "counterPadLength" INTEGER NOT NULL DEFAULT 3,
    "counterNextValue" INTEGER NOT NULL DEFAULT 1,
    "counterInterval" TEXT,
    "counterPeriod" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "no" TEXT NOT NULL,
    "numberingId" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "categoryId" TEXT,
    "dateStart" DATETIME,
    "dateEnd" DATETIME,
    "dateStartPlanned" DATETIME NOT NULL,
    "dateEndPlanned" DATETIME NOT NULL,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "shortCode" TEXT NOT NULL,
    "isSimple" BOOLEAN NOT NULL DEFAULT false,
    "simpleBoardId" TEXT,
    "budget" DECIMAL,
    "projectTemplateId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Project_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "ProjectNumbering" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Project_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProjectCategory" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Project_projectTemplateId_fkey" FOREIGN KEY ("projectTemplateId") REFERENCES "ProjectTemplate" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Project_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Project_simpleBoardId_fkey" FOREIGN KEY ("simpleBoardId") REFERENCES "Board" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectUserAssignment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'none',
    "hourlyRate" DECIMAL,
    "canReportTime" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProjectUserAssignment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectUserAssignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectContractor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "contractorId" TEXT NOT NULL,
    CONSTRAINT "ProjectContractor_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectContractor_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectTag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,
    CONSTRAINT "ProjectTag_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectFavorite" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    CONSTRAINT "ProjectFavorite_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectFavorite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "enabledTabs" TEXT NOT NULL DEFAULT '[]',
    "requireTaskTypeOnTaskCreation" BOOLEAN NOT NULL DEFAULT false,
    "showTaskDeadline" BOOLEAN NOT NULL DEFAULT true,
    "projectAutomaticPlanning" BOOLEAN NOT NULL DEFAULT false,
    "taskDateRangeBehaviour" TEXT NOT NULL DEFAULT 'board-summary-bar',
    "taskDateStartType" TEXT NOT NULL DEFAULT 'board',
    "taskDateEndType" TEXT NOT NULL DEFAULT 'board',
    "taskDateStartInterval" TEXT,
    "taskDateEndInterval" TEXT,
    "taskDateStartTime" DATETIME,
    "taskDateEndTime" DATETIME,
    "hideHourlyRateForRoles" TEXT NOT NULL DEFAULT '[]',
    "restrictTaskDateUpdatesToPMsOrCreators" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "ProjectSettings_id_fkey" FOREIGN KEY ("id") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectTemplate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "projectCategoryId" TEXT,
    "dateStart" DATETIME NOT NULL,
    "dateEnd" DATETIME NOT NULL,
    "stageDatesRelativeToProject" BOOLEAN NOT NULL DEFAULT true,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isPublic" BOOLEAN NOT NULL DEFAULT true,
    "isSimple" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ProjectTemplate_projectCategoryId_fkey" FOREIGN KEY ("projectCategoryId") REFERENCES "ProjectCategory" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "ProjectTemplate_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectTemplateStage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "templateId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "stageTypeId" TEXT,
    "dateStart" DATETIME NOT NULL,
    "dateEnd" DATETIME NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProjectTemplateStage_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "ProjectTemplate" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectTemplateStage_stageTypeId_fkey" FOREIGN KEY ("stageTypeId") REFERENCES "StageType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProjectTemplateBoard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "stageId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "boardTypeId" TEXT,
    "weight" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProjectTemplateBoard_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "ProjectTemplateStage" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectTemplateBoard_boardTypeId_fkey" FOREIGN KEY ("boardTypeId") REFERENCES "BoardType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StageType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c'
);

-- CreateTable
CREATE TABLE "Stage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "description" TEXT NOT NULL DEFAULT '',
    "dateStart" DATETIME NOT NULL,
    "dateEnd" DATETIME NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "stageTypeId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Stage_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Stage_stageTypeId_fkey" FOREIGN KEY ("stageTypeId") REFERENCES "StageType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BoardType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c'
);

-- CreateTable
CREATE TABLE "Board" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "stageId" TEXT,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "shortCode" TEXT NOT NULL,
    "dateStart" DATETIME NOT NULL,
    "dateEnd" DATETIME NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "boardTypeId" TEXT,
    "taskCounter" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Board_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Board_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Board_boardTypeId_fkey" FOREIGN KEY ("boardTypeId") REFERENCES "BoardType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AssignedBoardUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "boardId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'none',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AssignedBoardUser_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssignedBoardUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c'
);

-- CreateTable
CREATE TABLE "TaskTypeCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "taskTypeId" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    CONSTRAINT "TaskTypeCategory_taskTypeId_fkey" FOREIGN KEY ("taskTypeId") REFERENCES "TaskType" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskTypeCategory_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProjectCategory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "stageId" TEXT,
    "boardId" TEXT NOT NULL,
    "no" INTEGER NOT NULL,
    "shortCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "dateStart" DATETIME,
    "dateEnd" DATETIME,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "columnStatus" TEXT NOT NULL DEFAULT 'todo',
    "columnDecorator" TEXT NOT NULL DEFAULT '#78909c',
    "finishedAt" DATETIME,
    "timePlanned" INTEGER NOT NULL DEFAULT 0,
    "shareToken" TEXT,
    "taskTypeId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Task_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_taskTypeId_fkey" FOREIGN KEY ("taskTypeId") REFERENCES "TaskType" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Task_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskChecklist" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "taskId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "leaderId" TEXT,
    CONSTRAINT "TaskChecklist_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskChecklist_leaderId_fkey" FOREIGN KEY ("leaderId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskChecklistItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "checklistId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isChecked" BOOLEAN NOT NULL DEFAULT false,
    "weight" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "TaskChecklistItem_checklistId_fkey" FOREIGN KEY ("checklistId") REFERENCES "TaskChecklist" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskComment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "taskId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "isEmoji" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT NOT NULL,
    "createdBySource" TEXT NOT NULL DEFAULT 'user',
    "repliesToId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "TaskComment_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskComment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "TaskComment_repliesToId_fkey" FOREIGN KEY ("repliesToId") REFERENCES "TaskComment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskCommentMention" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "commentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    CONSTRAINT "TaskCommentMention_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "TaskComment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskCommentMention_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TaskCommentReaction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "commentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "reactionType" TEXT NOT NULL,
    CONSTRAINT "TaskCommentReaction_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "TaskComment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskCommentReaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FileCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "File" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "projectId" TEXT,
    "taskId" TEXT,
    "taskCommentId" TEXT,
    "displayedName" TEXT NOT NULL,
    "extension" TEXT NOT NULL DEFAULT '',
    "size" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'internal',
    "path" TEXT NOT NULL,
    "previewImageUrl" TEXT NOT NULL DEFAULT '',
    "downloadType" TEXT NOT NULL DEFAULT 'download-direct',
    "fileCategoryId" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "File_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "File_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "File_taskCommentId_fkey" FOREIGN KEY ("taskCommentId") REFERENCES "TaskComment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "File_fileCategoryId_fkey" FOREIGN KEY ("fileCategoryId") REFERENCES "FileCategory" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "File_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RiskType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "RiskImpact" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Risk" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "probability" INTEGER,
    "date" DATETIME,
    "projectUserId" TEXT,
    "projectId" TEXT NOT NULL,
    "stageId" TEXT,
    "boardId" TEXT,
    "taskId" TEXT,
    "typeId" TEXT,
    "impactId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Risk_projectUserId_fkey" FOREIGN KEY ("projectUserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Risk_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Risk_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Risk_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Risk_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Risk_typeId_fkey" FOREIGN KEY ("typeId") REFERENCES "RiskType" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Risk_impactId_fkey" FOREIGN KEY ("impactId") REFERENCES "RiskImpact" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Milestone" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "stageId" TEXT,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "dateStart" DATETIME NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'todo',
    CONSTRAINT "Milestone_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Milestone_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GanttLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'fts',
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    CONSTRAINT "GanttLink_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReportedTimeType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ReportedTime" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    "seconds" INTEGER NOT NULL,
    "reportedTimeTypeId" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReportedTime_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReportedTime_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReportedTime_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReportedTime_reportedTimeTypeId_fkey" FOREIGN KEY ("reportedTimeTypeId") REFERENCES "ReportedTimeType" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InvoiceNumbering" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL DEFAULT 'income',
    "pattern" TEXT NOT NULL,
    "resetInterval" TEXT,
    "leadingZero" INTEGER NOT NULL DEFAULT 0,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "docTitle" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "InvoiceNumberingCounter" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "numberingId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "lastValue" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "InvoiceNumberingCounter_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "InvoiceNumbering" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ksefStatus" INTEGER NOT NULL DEFAULT 0,
    "ksefStatusDescription" TEXT NOT NULL DEFAULT '',
    "ksefMarker" TEXT,
    "no" TEXT,
    "docTitle" TEXT NOT NULL DEFAULT '',
    "numberingId" TEXT,
    "numberingPeriod" TEXT,
    "saleDate" DATETIME,
    "issueDate" DATETIME,
    "deadlineDate" DATETIME,
    "issuedPlace" TEXT,
    "invoiceType" TEXT NOT NULL,
    "direction" TEXT NOT NULL DEFAULT 'income',
    "sellerId" TEXT,
    "sellerName" TEXT,
    "sellerIdentifier" TEXT,
    "sellerStreet" TEXT,
    "sellerZipCode" TEXT,
    "sellerCity" TEXT,
    "sellerCountryCode" TEXT,
    "sellerCreatorName" TEXT NOT NULL DEFAULT '',
    "buyerId" TEXT,
    "buyerName" TEXT,
    "buyerIdentifier" TEXT NOT NULL DEFAULT '',
    "buyerIdentifierType" TEXT NOT NULL DEFAULT 'nip',
    "buyerStreet" TEXT,
    "buyerZipCode" TEXT,
    "buyerCity" TEXT,
    "buyerCountryCode" TEXT,
    "buyerRecipientName" TEXT,
    "buyerAccountingEmail" TEXT,
    "buyerIsJst" BOOLEAN NOT NULL DEFAULT false,
    "buyerIsGv" BOOLEAN NOT NULL DEFAULT false,
    "bankAccount" TEXT NOT NULL DEFAULT '',
    "bankAccountSwift" TEXT NOT NULL DEFAULT '',
    "currencyCode" TEXT,
    "paymentMethod" TEXT,
    "alreadyPaid" DECIMAL,
    "toPay" DECIMAL,
    "netAmount" DECIMAL NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL NOT NULL DEFAULT 0,
    "grossAmount" DECIMAL NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL DEFAULT '',
    "posted" BOOLEAN NOT NULL DEFAULT false,
    "external" BOOLEAN NOT NULL DEFAULT false,
    "isDraft" BOOLEAN NOT NULL DEFAULT true,
    "isSplitPayment" BOOLEAN NOT NULL DEFAULT false,
    "isReverseCharge" BOOLEAN NOT NULL DEFAULT false,
    "isCashAccounting" BOOLEAN NOT NULL DEFAULT false,
    "fileGenerated" BOOLEAN NOT NULL DEFAULT false,
    "duplicateFileGenerated" BOOLEAN NOT NULL DEFAULT false,
    "fileGeneratedLanguage" TEXT NOT NULL DEFAULT 'pl',
    "exchangeRate" DECIMAL,
    "exchangeDate" DATETIME,
    "thirdParties" TEXT NOT NULL DEFAULT '[]',
    "correctedInvoiceId" TEXT,
    "financeProjectId" TEXT,
    "financeStageId" TEXT,
    "financeBoardId" TEXT,
    "financeTaskId" TEXT,
    "createdById" TEXT,
    "updatedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Invoice_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "InvoiceNumbering" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "Contractor" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_correctedInvoiceId_fkey" FOREIGN KEY ("correctedInvoiceId") REFERENCES "Invoice" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_financeProjectId_fkey" FOREIGN KEY ("financeProjectId") REFERENCES "Project" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_financeStageId_fkey" FOREIGN KEY ("financeStageId") REFERENCES "Stage" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_financeBoardId_fkey" FOREIGN KEY ("financeBoardId") REFERENCES "Board" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_financeTaskId_fkey" FOREIGN KEY ("financeTaskId") REFERENCES "Task" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invoice_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InvoiceItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT NOT NULL,
    "isPrevious" BOOLEAN NOT NULL DEFAULT false,
    "order" INTEGER NOT NULL,
    "positionName" TEXT NOT NULL,
    "unit" TEXT NOT NULL DEFAULT '',
    "count" DECIMAL NOT NULL,
    "priceUnit" DECIMAL NOT NULL,
    "tax" TEXT NOT NULL,
    "netAmount" DECIMAL NOT NULL,
    "vatAmount" DECIMAL NOT NULL,
    "grossAmount" DECIMAL NOT NULL,
    "gtu" TEXT,
    CONSTRAINT "InvoiceItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InvoiceCost" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priceNet" DECIMAL NOT NULL,
    "priceGross" DECIMAL NOT NULL,
    "costType" TEXT NOT NULL DEFAULT 'manually',
    "date" DATETIME NOT NULL,
    CONSTRAINT "InvoiceCost_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InvoiceIncome" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priceNet" DECIMAL NOT NULL,
    "priceGross" DECIMAL NOT NULL,
    "incomeType" TEXT NOT NULL DEFAULT 'manually',
    "date" DATETIME NOT NULL,
    CONSTRAINT "InvoiceIncome_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CurrencyDictionary" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "VacationType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "decrementVacation" BOOLEAN NOT NULL DEFAULT true,
    "isActive" BOOLEAN NOT NULL DEFAULT true
);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "calendarUserId" TEXT NOT NULL,
    "vacationTypeId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'q',
    "description" TEXT NOT NULL DEFAULT '',
    "searchText" TEXT NOT NULL DEFAULT '',
    "vacationYear" INTEGER NOT NULL,
    "issueDate" DATETIME NOT NULL,
    "firstDate" DATETIME,
    "acceptedById" TEXT,
    "rejectedById" TEXT,
    "fileGenerated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Vacation_calendarUserId_fkey" FOREIGN KEY ("calendarUserId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vacation_vacationTypeId_fkey" FOREIGN KEY ("vacationTypeId") REFERENCES "VacationType" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Vacation_acceptedById_fkey" FOREIGN KEY ("acceptedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Vacation_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VacationDate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "vacationId" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    CONSTRAINT "VacationDate_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VacationComment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "vacationId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "calendarUserId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VacationComment_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VacationComment_calendarUserId_fkey" FOREIGN KEY ("calendarUserId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChatTopic" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ChatTopic_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChatMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "topicId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ChatMessage_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "ChatTopic" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChatMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AssignedChatTopicUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "topicId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "lastReadMessageId" TEXT,
    "lastReadAt" DATETIME,
    "mutedUntil" DATETIME,
    "isMutedIndefinitely" BOOLEAN NOT NULL DEFAULT false,
    "isTopicOwner" BOOLEAN NOT NULL DEFAULT false,
    "isUnread" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AssignedChatTopicUser_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "ChatTopic" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssignedChatTopicUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AssignedChatTopicUser_lastReadMessageId_fkey" FOREIGN KEY ("lastReadMessageId") REFERENCES "ChatMessage" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NoteStatus" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Note" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT NOT NULL,
    "deadline" DATETIME,
    "contractorId" TEXT,
    "statusId" TEXT,
    "assignedUserId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Note_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Note_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Note_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "NoteStatus" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Note_assignedUserId_fkey" FOREIGN KEY ("assignedUserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_shortCode_key" ON "User"("shortCode");

-- CreateIndex
CREATE INDEX "User_lastName_id_idx" ON "User"("lastName", "id");

-- CreateIndex
CREATE INDEX "User_firstName_id_idx" ON "User"("firstName", "id");

-- CreateIndex
CREATE INDEX "User_createdAt_id_idx" ON "User"("createdAt", "id");

-- CreateIndex
CREATE INDEX "User_updatedAt_id_idx" ON "User"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "User_jobPositionId_idx" ON "User"("jobPositionId");

-- CreateIndex
CREATE INDEX "User_contractorId_idx" ON "User"("contractorId");

-- CreateIndex
CREATE INDEX "User_canLogIn_idx" ON "User"("canLogIn");

-- CreateIndex
CREATE INDEX "User_isExternal_idx" ON "User"("isExternal");

-- CreateIndex
CREATE INDEX "User_isUsingMobile_idx" ON "User"("isUsingMobile");

-- CreateIndex
CREATE INDEX "UserRole_role_idx" ON "UserRole"("role");

-- CreateIndex
CREATE UNIQUE INDEX "UserRole_userId_role_key" ON "UserRole"("userId", "role");

-- CreateIndex
CREATE INDEX "UserDepartment_departmentId_isLeader_idx" ON "UserDepartment"("departmentId", "isLeader");

-- CreateIndex
CREATE UNIQUE INDEX "UserDepartment_userId_departmentId_key" ON "UserDepartment"("userId", "departmentId");

-- CreateIndex
CREATE INDEX "UserSsoProvider_ssoProviderId_idx" ON "UserSsoProvider"("ssoProviderId");

-- CreateIndex
CREATE UNIQUE INDEX "UserSsoProvider_userId_ssoProviderId_key" ON "UserSsoProvider"("userId", "ssoProviderId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "Shortcut_userId_weight_idx" ON "Shortcut"("userId", "weight");

-- CreateIndex
CREATE UNIQUE INDEX "Contractor_shortCode_key" ON "Contractor"("shortCode");

-- CreateIndex
CREATE UNIQUE INDEX "ContractorAttendant_contractorId_userId_key" ON "ContractorAttendant"("contractorId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ContractorIndustryBranch_contractorId_industryBranchId_key" ON "ContractorIndustryBranch"("contractorId", "industryBranchId");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_name_key" ON "Tag"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ContractorTag_contractorId_tagId_key" ON "ContractorTag"("contractorId", "tagId");

-- CreateIndex
CREATE INDEX "CustomFieldValue_projectId_idx" ON "CustomFieldValue"("projectId");

-- CreateIndex
CREATE INDEX "CustomFieldValue_projectTemplateId_idx" ON "CustomFieldValue"("projectTemplateId");

-- CreateIndex
CREATE INDEX "CustomFieldValue_contractorId_idx" ON "CustomFieldValue"("contractorId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldValueSelectOption_valueId_optionId_key" ON "CustomFieldValueSelectOption"("valueId", "optionId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldValueUser_valueId_userId_key" ON "CustomFieldValueUser"("valueId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Project_shortCode_key" ON "Project"("shortCode");

-- CreateIndex
CREATE UNIQUE INDEX "Project_simpleBoardId_key" ON "Project"("simpleBoardId");

-- CreateIndex
CREATE INDEX "Project_numberingId_no_idx" ON "Project"("numberingId", "no");

-- CreateIndex
CREATE INDEX "Project_categoryId_idx" ON "Project"("categoryId");

-- CreateIndex
CREATE INDEX "ProjectUserAssignment_userId_idx" ON "ProjectUserAssignment"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectUserAssignment_projectId_userId_key" ON "ProjectUserAssignment"("projectId", "userId");

-- CreateIndex
CREATE INDEX "ProjectContractor_contractorId_idx" ON "ProjectContractor"("contractorId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectContractor_projectId_contractorId_key" ON "ProjectContractor"("projectId", "contractorId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectTag_projectId_tagId_key" ON "ProjectTag"("projectId", "tagId");

-- CreateIndex
CREATE INDEX "ProjectFavorite_userId_idx" ON "ProjectFavorite"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectFavorite_projectId_userId_key" ON "ProjectFavorite"("projectId", "userId");

-- CreateIndex
CREATE INDEX "ProjectTemplateStage_templateId_idx" ON "ProjectTemplateStage"("templateId");

-- CreateIndex
CREATE INDEX "ProjectTemplateBoard_stageId_idx" ON "ProjectTemplateBoard"("stageId");

-- CreateIndex
CREATE INDEX "Stage_projectId_dateStart_idx" ON "Stage"("projectId", "dateStart");

-- CreateIndex
CREATE UNIQUE INDEX "Board_shortCode_key" ON "Board"("shortCode");

-- CreateIndex
CREATE INDEX "Board_projectId_dateStart_idx" ON "Board"("projectId", "dateStart");

-- CreateIndex
CREATE INDEX "Board_stageId_idx" ON "Board"("stageId");

-- CreateIndex
CREATE UNIQUE INDEX "AssignedBoardUser_boardId_userId_key" ON "AssignedBoardUser"("boardId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "TaskTypeCategory_taskTypeId_categoryId_key" ON "TaskTypeCategory"("taskTypeId", "categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Task_shortCode_key" ON "Task"("shortCode");

-- CreateIndex
CREATE UNIQUE INDEX "Task_shareToken_key" ON "Task"("shareToken");

-- CreateIndex
CREATE INDEX "Task_projectId_dateStart_idx" ON "Task"("projectId", "dateStart");

-- CreateIndex
CREATE INDEX "Task_stageId_idx" ON "Task"("stageId");

-- CreateIndex
CREATE UNIQUE INDEX "Task_boardId_no_key" ON "Task"("boardId", "no");

-- CreateIndex
CREATE INDEX "TaskChecklist_taskId_weight_idx" ON "TaskChecklist"("taskId", "weight");

-- CreateIndex
CREATE INDEX "TaskChecklistItem_checklistId_weight_idx" ON "TaskChecklistItem"("checklistId", "weight");

-- CreateIndex
CREATE INDEX "TaskComment_taskId_createdAt_id_idx" ON "TaskComment"("taskId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "TaskComment_repliesToId_createdAt_idx" ON "TaskComment"("repliesToId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TaskCommentMention_commentId_userId_key" ON "TaskCommentMention"("commentId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "TaskCommentReaction_commentId_userId_reactionType_key" ON "TaskCommentReaction"("commentId", "userId", "reactionType");

-- CreateIndex
CREATE INDEX "File_projectId_idx" ON "File"("projectId");

-- CreateIndex
CREATE INDEX "File_taskId_idx" ON "File"("taskId");

-- CreateIndex
CREATE INDEX "File_taskCommentId_idx" ON "File"("taskCommentId");

-- CreateIndex
CREATE INDEX "Risk_projectId_idx" ON "Risk"("projectId");

-- CreateIndex
CREATE INDEX "Milestone_projectId_dateStart_idx" ON "Milestone"("projectId", "dateStart");

-- CreateIndex
CREATE INDEX "GanttLink_projectId_idx" ON "GanttLink"("projectId");

-- CreateIndex
CREATE INDEX "ReportedTime_date_userId_idx" ON "ReportedTime"("date", "userId");

-- CreateIndex
CREATE INDEX "ReportedTime_userId_date_idx" ON "ReportedTime"("userId", "date");

-- CreateIndex
CREATE INDEX "ReportedTime_taskId_idx" ON "ReportedTime"("taskId");

-- CreateIndex
CREATE INDEX "ReportedTime_projectId_date_idx" ON "ReportedTime"("projectId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceNumberingCounter_numberingId_period_key" ON "InvoiceNumberingCounter"("numberingId", "period");

-- CreateIndex
CREATE INDEX "Invoice_correctedInvoiceId_createdAt_idx" ON "Invoice"("correctedInvoiceId", "createdAt");

-- CreateIndex
CREATE INDEX "Invoice_financeProjectId_idx" ON "Invoice"("financeProjectId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_numberingId_no_key" ON "Invoice"("numberingId", "no");

-- CreateIndex
CREATE INDEX "InvoiceItem_invoiceId_isPrevious_order_idx" ON "InvoiceItem"("invoiceId", "isPrevious", "order");

-- CreateIndex
CREATE INDEX "InvoiceCost_invoiceId_idx" ON "InvoiceCost"("invoiceId");

-- CreateIndex
CREATE INDEX "InvoiceIncome_invoiceId_idx" ON "InvoiceIncome"("invoiceId");

-- CreateIndex
CREATE UNIQUE INDEX "CurrencyDictionary_code_key" ON "CurrencyDictionary"("code");

-- CreateIndex
CREATE INDEX "VacationType_isActive_idx" ON "VacationType"("isActive");

-- CreateIndex
CREATE INDEX "VacationType_name_idx" ON "VacationType"("name");

-- CreateIndex
CREATE INDEX "Vacation_calendarUserId_idx" ON "Vacation"("calendarUserId");

-- CreateIndex
CREATE INDEX "Vacation_vacationTypeId_idx" ON "Vacation"("vacationTypeId");

-- CreateIndex
CREATE INDEX "Vacation_vacationYear_id_idx" ON "Vacation"("vacationYear", "id");

-- CreateIndex
CREATE INDEX "Vacation_status_id_idx" ON "Vacation"("status", "id");

-- CreateIndex
CREATE INDEX "Vacation_issueDate_id_idx" ON "Vacation"("issueDate", "id");

-- CreateIndex
CREATE INDEX "Vacation_createdAt_id_idx" ON "Vacation"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Vacation_updatedAt_id_idx" ON "Vacation"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "Vacation_firstDate_id_idx" ON "Vacation"("firstDate", "id");

-- CreateIndex
CREATE INDEX "VacationDate_date_idx" ON "VacationDate"("date");

-- CreateIndex
CREATE UNIQUE INDEX "VacationDate_vacationId_date_key" ON "VacationDate"("vacationId", "date");

-- CreateIndex
CREATE INDEX "VacationComment_vacationId_createdAt_idx" ON "VacationComment"("vacationId", "createdAt");

-- CreateIndex
CREATE INDEX "ChatMessage_topicId_createdAt_id_idx" ON "ChatMessage"("topicId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AssignedChatTopicUser_userId_idx" ON "AssignedChatTopicUser"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "AssignedChatTopicUser_topicId_userId_key" ON "AssignedChatTopicUser"("topicId", "userId");

-- CreateIndex
CREATE INDEX "Note_contractorId_idx" ON "Note"("contractorId");

