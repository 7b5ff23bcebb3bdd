-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "shortCode" TEXT NOT NULL,
    "phoneNumber" TEXT NOT NULL DEFAULT '',
    "pictureSm" TEXT NOT NULL DEFAULT '',
    "pictureLg" TEXT NOT NULL DEFAULT '',
    "jobPositionId" UUID,
    "contractorId" UUID,
    "canLogIn" BOOLEAN NOT NULL DEFAULT true,
    "allowApiTokenAuthentication" BOOLEAN NOT NULL DEFAULT true,
    "isExternal" BOOLEAN NOT NULL DEFAULT false,
    "isUsingMobile" BOOLEAN NOT NULL DEFAULT false,
    "twoFactorAuth" BOOLEAN NOT NULL DEFAULT false,
    "lastActivity" TIMESTAMPTZ(3),
    "lastActivityMobile" TIMESTAMPTZ(3),
    "hoursPerWorkDay" DECIMAL(5,2) NOT NULL DEFAULT 8,
    "tasksPerWorkday" INTEGER NOT NULL DEFAULT 0,
    "decorator" TEXT NOT NULL DEFAULT '#2490e3',
    "hourlyRate" DECIMAL(12,2),
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserRole" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "role" TEXT NOT NULL,

    CONSTRAINT "UserRole_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobPosition" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "JobPosition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Department" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Department_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserDepartment" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "departmentId" UUID NOT NULL,
    "isLeader" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "UserDepartment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoProvider" (
    "id" UUID NOT NULL,
    "tenantId" TEXT NOT NULL,
    "tenantName" TEXT NOT NULL,
    "type" TEXT NOT NULL,

    CONSTRAINT "SsoProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserSsoProvider" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "ssoProviderId" UUID NOT NULL,
    "isUserLinked" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "UserSsoProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'api',
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shortcut" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "weight" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "viewUrl" TEXT NOT NULL,
    "isOpenedInNewTab" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Shortcut_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contractor" (
    "id" UUID NOT NULL,
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
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Contractor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContractorAttendant" (
    "id" UUID NOT NULL,
    "contractorId" UUID NOT NULL,
    "userId" UUID NOT NULL,

    CONSTRAINT "ContractorAttendant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IndustryBranch" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "IndustryBranch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContractorIndustryBranch" (
    "id" UUID NOT NULL,
    "contractorId" UUID NOT NULL,
    "industryBranchId" UUID NOT NULL,

    CONSTRAINT "ContractorIndustryBranch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContractorTag" (
    "id" UUID NOT NULL,
    "contractorId" UUID NOT NULL,
    "tagId" UUID NOT NULL,

    CONSTRAINT "ContractorTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldDefinition" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL DEFAULT '',
    "scope" TEXT NOT NULL,
    "dataType" TEXT NOT NULL,
    "floatDisplayType" TEXT NOT NULL DEFAULT 'float',
    "floatDecimalPlaces" INTEGER NOT NULL DEFAULT 2,
    "floatCurrencyCode" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "CustomFieldDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldSelectOption" (
    "id" UUID NOT NULL,
    "definitionId" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',

    CONSTRAINT "CustomFieldSelectOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldValue" (
    "id" UUID NOT NULL,
    "definitionId" UUID NOT NULL,
    "projectId" UUID,
    "projectTemplateId" UUID,
    "contractorId" UUID,
    "valueText" TEXT,
    "valueFloat" DECIMAL(20,6),
    "valueDateTime" TIMESTAMPTZ(3),
    "valueDepartmentId" UUID,

    CONSTRAINT "CustomFieldValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldValueSelectOption" (
    "id" UUID NOT NULL,
    "valueId" UUID NOT NULL,
    "optionId" UUID NOT NULL,

    CONSTRAINT "CustomFieldValueSelectOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldValueUser" (
    "id" UUID NOT NULL,
    "valueId" UUID NOT NULL,
    "userId" UUID NOT NULL,

    CONSTRAINT "CustomFieldValueUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectCategory" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "ProjectCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectNumbering" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "counterPadLength" INTEGER NOT NULL DEFAULT 3,
    "counterNextValue" INTEGER NOT NULL DEFAULT 1,
    "counterInterval" TEXT,
    "counterPeriod" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ProjectNumbering_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" UUID NOT NULL,
    "no" TEXT NOT NULL,
    "numberingId" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "categoryId" UUID,
    "dateStart" TIMESTAMPTZ(3),
    "dateEnd" TIMESTAMPTZ(3),
    "dateStartPlanned" TIMESTAMPTZ(3) NOT NULL,
    "dateEndPlanned" TIMESTAMPTZ(3) NOT NULL,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "shortCode" TEXT NOT NULL,
    "isSimple" BOOLEAN NOT NULL DEFAULT false,
    "simpleBoardId" UUID,
    "budget" DECIMAL(14,2),
    "projectTemplateId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectUserAssignment" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'none',
    "hourlyRate" DECIMAL(12,2),
    "canReportTime" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectUserAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectContractor" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "contractorId" UUID NOT NULL,

    CONSTRAINT "ProjectContractor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTag" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "tagId" UUID NOT NULL,

    CONSTRAINT "ProjectTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectFavorite" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "userId" UUID NOT NULL,

    CONSTRAINT "ProjectFavorite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectSettings" (
    "id" UUID NOT NULL,
    "enabledTabs" TEXT NOT NULL DEFAULT '[]',
    "requireTaskTypeOnTaskCreation" BOOLEAN NOT NULL DEFAULT false,
    "showTaskDeadline" BOOLEAN NOT NULL DEFAULT true,
    "projectAutomaticPlanning" BOOLEAN NOT NULL DEFAULT false,
    "taskDateRangeBehaviour" TEXT NOT NULL DEFAULT 'board-summary-bar',
    "taskDateStartType" TEXT NOT NULL DEFAULT 'board',
    "taskDateEndType" TEXT NOT NULL DEFAULT 'board',
    "taskDateStartInterval" TEXT,
    "taskDateEndInterval" TEXT,
    "taskDateStartTime" TIMESTAMPTZ(3),
    "taskDateEndTime" TIMESTAMPTZ(3),
    "hideHourlyRateForRoles" TEXT NOT NULL DEFAULT '[]',
    "restrictTaskDateUpdatesToPMsOrCreators" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ProjectSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTemplate" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "projectCategoryId" UUID,
    "dateStart" TIMESTAMPTZ(3) NOT NULL,
    "dateEnd" TIMESTAMPTZ(3) NOT NULL,
    "stageDatesRelativeToProject" BOOLEAN NOT NULL DEFAULT true,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isPublic" BOOLEAN NOT NULL DEFAULT true,
    "isSimple" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ProjectTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTemplateStage" (
    "id" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "stageTypeId" UUID,
    "dateStart" TIMESTAMPTZ(3) NOT NULL,
    "dateEnd" TIMESTAMPTZ(3) NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProjectTemplateStage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectTemplateBoard" (
    "id" UUID NOT NULL,
    "stageId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "boardTypeId" UUID,
    "weight" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProjectTemplateBoard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StageType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',

    CONSTRAINT "StageType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Stage" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "description" TEXT NOT NULL DEFAULT '',
    "dateStart" TIMESTAMPTZ(3) NOT NULL,
    "dateEnd" TIMESTAMPTZ(3) NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "isBlameableRemovalEnabled" BOOLEAN NOT NULL DEFAULT false,
    "stageTypeId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Stage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BoardType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',

    CONSTRAINT "BoardType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Board" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "stageId" UUID,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "shortCode" TEXT NOT NULL,
    "dateStart" TIMESTAMPTZ(3) NOT NULL,
    "dateEnd" TIMESTAMPTZ(3) NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "boardTypeId" UUID,
    "taskCounter" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Board_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssignedBoardUser" (
    "id" UUID NOT NULL,
    "boardId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'none',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssignedBoardUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',

    CONSTRAINT "TaskType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskTypeCategory" (
    "id" UUID NOT NULL,
    "taskTypeId" UUID NOT NULL,
    "categoryId" UUID NOT NULL,

    CONSTRAINT "TaskTypeCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "stageId" UUID,
    "boardId" UUID NOT NULL,
    "no" INTEGER NOT NULL,
    "shortCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "dateStart" TIMESTAMPTZ(3),
    "dateEnd" TIMESTAMPTZ(3),
    "weight" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'in-preparation',
    "columnStatus" TEXT NOT NULL DEFAULT 'todo',
    "columnDecorator" TEXT NOT NULL DEFAULT '#78909c',
    "finishedAt" TIMESTAMPTZ(3),
    "timePlanned" INTEGER NOT NULL DEFAULT 0,
    "shareToken" TEXT,
    "taskTypeId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskChecklist" (
    "id" UUID NOT NULL,
    "taskId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "leaderId" UUID,

    CONSTRAINT "TaskChecklist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskChecklistItem" (
    "id" UUID NOT NULL,
    "checklistId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isChecked" BOOLEAN NOT NULL DEFAULT false,
    "weight" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TaskChecklistItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskComment" (
    "id" UUID NOT NULL,
    "taskId" UUID NOT NULL,
    "content" TEXT NOT NULL,
    "isEmoji" BOOLEAN NOT NULL DEFAULT false,
    "createdById" UUID NOT NULL,
    "createdBySource" TEXT NOT NULL DEFAULT 'user',
    "repliesToId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TaskComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskCommentMention" (
    "id" UUID NOT NULL,
    "commentId" UUID NOT NULL,
    "userId" UUID NOT NULL,

    CONSTRAINT "TaskCommentMention_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskCommentReaction" (
    "id" UUID NOT NULL,
    "commentId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "reactionType" TEXT NOT NULL,

    CONSTRAINT "TaskCommentReaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileCategory" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "FileCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "File" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "projectId" UUID,
    "taskId" UUID,
    "taskCommentId" UUID,
    "displayedName" TEXT NOT NULL,
    "extension" TEXT NOT NULL DEFAULT '',
    "size" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'internal',
    "path" TEXT NOT NULL,
    "previewImageUrl" TEXT NOT NULL DEFAULT '',
    "downloadType" TEXT NOT NULL DEFAULT 'download-direct',
    "fileCategoryId" UUID,
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "File_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RiskType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "RiskType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RiskImpact" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "RiskImpact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Risk" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "probability" INTEGER,
    "date" TIMESTAMPTZ(3),
    "projectUserId" UUID,
    "projectId" UUID NOT NULL,
    "stageId" UUID,
    "boardId" UUID,
    "taskId" UUID,
    "typeId" UUID,
    "impactId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Risk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Milestone" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "stageId" UUID,
    "weight" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "dateStart" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'todo',

    CONSTRAINT "Milestone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GanttLink" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'fts',
    "sourceId" UUID NOT NULL,
    "targetId" UUID NOT NULL,

    CONSTRAINT "GanttLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportedTimeType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "ReportedTimeType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReportedTime" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "taskId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL,
    "seconds" INTEGER NOT NULL,
    "reportedTimeTypeId" UUID,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportedTime_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceNumbering" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'income',
    "pattern" TEXT NOT NULL,
    "resetInterval" TEXT,
    "leadingZero" INTEGER NOT NULL DEFAULT 0,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "docTitle" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "InvoiceNumbering_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceNumberingCounter" (
    "id" UUID NOT NULL,
    "numberingId" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "lastValue" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InvoiceNumberingCounter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" UUID NOT NULL,
    "ksefStatus" INTEGER NOT NULL DEFAULT 0,
    "ksefStatusDescription" TEXT NOT NULL DEFAULT '',
    "ksefMarker" TEXT,
    "no" TEXT,
    "docTitle" TEXT NOT NULL DEFAULT '',
    "numberingId" UUID,
    "numberingPeriod" TEXT,
    "saleDate" TIMESTAMPTZ(3),
    "issueDate" DATE,
    "deadlineDate" DATE,
    "issuedPlace" TEXT,
    "invoiceType" TEXT NOT NULL,
    "direction" TEXT NOT NULL DEFAULT 'income',
    "sellerId" UUID,
    "sellerName" TEXT,
    "sellerIdentifier" TEXT,
    "sellerStreet" TEXT,
    "sellerZipCode" TEXT,
    "sellerCity" TEXT,
    "sellerCountryCode" TEXT,
    "sellerCreatorName" TEXT NOT NULL DEFAULT '',
    "buyerId" UUID,
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
    "alreadyPaid" DECIMAL(14,2),
    "toPay" DECIMAL(14,2),
    "netAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "vatAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "grossAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
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
    "exchangeRate" DECIMAL(8,4),
    "exchangeDate" DATE,
    "thirdParties" TEXT NOT NULL DEFAULT '[]',
    "correctedInvoiceId" UUID,
    "financeProjectId" UUID,
    "financeStageId" UUID,
    "financeBoardId" UUID,
    "financeTaskId" UUID,
    "createdById" UUID,
    "updatedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceItem" (
    "id" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "isPrevious" BOOLEAN NOT NULL DEFAULT false,
    "order" INTEGER NOT NULL,
    "positionName" TEXT NOT NULL,
    "unit" TEXT NOT NULL DEFAULT '',
    "count" DECIMAL(14,4) NOT NULL,
    "priceUnit" DECIMAL(14,2) NOT NULL,
    "tax" TEXT NOT NULL,
    "netAmount" DECIMAL(14,2) NOT NULL,
    "vatAmount" DECIMAL(14,2) NOT NULL,
    "grossAmount" DECIMAL(14,2) NOT NULL,
    "gtu" TEXT,

    CONSTRAINT "InvoiceItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceCost" (
    "id" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "priceNet" DECIMAL(14,2) NOT NULL,
    "priceGross" DECIMAL(14,2) NOT NULL,
    "costType" TEXT NOT NULL DEFAULT 'manually',
    "date" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InvoiceCost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceIncome" (
    "id" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "priceNet" DECIMAL(14,2) NOT NULL,
    "priceGross" DECIMAL(14,2) NOT NULL,
    "incomeType" TEXT NOT NULL DEFAULT 'manually',
    "date" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InvoiceIncome_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CurrencyDictionary" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CurrencyDictionary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VacationType" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "decrementVacation" BOOLEAN NOT NULL DEFAULT true,
    "isActive" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "VacationType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" UUID NOT NULL,
    "calendarUserId" UUID NOT NULL,
    "vacationTypeId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'q',
    "description" TEXT NOT NULL DEFAULT '',
    "searchText" TEXT NOT NULL DEFAULT '',
    "vacationYear" INTEGER NOT NULL,
    "issueDate" DATE NOT NULL,
    "firstDate" TIMESTAMPTZ(3),
    "acceptedById" UUID,
    "rejectedById" UUID,
    "fileGenerated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VacationDate" (
    "id" UUID NOT NULL,
    "vacationId" UUID NOT NULL,
    "date" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "VacationDate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VacationComment" (
    "id" UUID NOT NULL,
    "vacationId" UUID NOT NULL,
    "content" TEXT NOT NULL,
    "calendarUserId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VacationComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatTopic" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatTopic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChatMessage" (
    "id" UUID NOT NULL,
    "topicId" UUID NOT NULL,
    "authorId" UUID NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssignedChatTopicUser" (
    "id" UUID NOT NULL,
    "topicId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "lastReadMessageId" UUID,
    "lastReadAt" TIMESTAMPTZ(3),
    "mutedUntil" TIMESTAMPTZ(3),
    "isMutedIndefinitely" BOOLEAN NOT NULL DEFAULT false,
    "isTopicOwner" BOOLEAN NOT NULL DEFAULT false,
    "isUnread" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssignedChatTopicUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NoteStatus" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "decorator" TEXT NOT NULL DEFAULT '#78909c',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NoteStatus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Note" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "createdById" UUID NOT NULL,
    "deadline" TIMESTAMPTZ(3),
    "contractorId" UUID,
    "statusId" UUID,
    "assignedUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Note_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_jobPositionId_fkey" FOREIGN KEY ("jobPositionId") REFERENCES "JobPosition"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserDepartment" ADD CONSTRAINT "UserDepartment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserDepartment" ADD CONSTRAINT "UserDepartment_departmentId_fkey" FOREIGN KEY ("departmentId") REFERENCES "Department"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSsoProvider" ADD CONSTRAINT "UserSsoProvider_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSsoProvider" ADD CONSTRAINT "UserSsoProvider_ssoProviderId_fkey" FOREIGN KEY ("ssoProviderId") REFERENCES "SsoProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Shortcut" ADD CONSTRAINT "Shortcut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorAttendant" ADD CONSTRAINT "ContractorAttendant_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorAttendant" ADD CONSTRAINT "ContractorAttendant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorIndustryBranch" ADD CONSTRAINT "ContractorIndustryBranch_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorIndustryBranch" ADD CONSTRAINT "ContractorIndustryBranch_industryBranchId_fkey" FOREIGN KEY ("industryBranchId") REFERENCES "IndustryBranch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorTag" ADD CONSTRAINT "ContractorTag_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractorTag" ADD CONSTRAINT "ContractorTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldSelectOption" ADD CONSTRAINT "CustomFieldSelectOption_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "CustomFieldDefinition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "CustomFieldDefinition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_projectTemplateId_fkey" FOREIGN KEY ("projectTemplateId") REFERENCES "ProjectTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_valueDepartmentId_fkey" FOREIGN KEY ("valueDepartmentId") REFERENCES "Department"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValueSelectOption" ADD CONSTRAINT "CustomFieldValueSelectOption_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "CustomFieldValue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValueSelectOption" ADD CONSTRAINT "CustomFieldValueSelectOption_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "CustomFieldSelectOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValueUser" ADD CONSTRAINT "CustomFieldValueUser_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "CustomFieldValue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldValueUser" ADD CONSTRAINT "CustomFieldValueUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "ProjectNumbering"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProjectCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_projectTemplateId_fkey" FOREIGN KEY ("projectTemplateId") REFERENCES "ProjectTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_simpleBoardId_fkey" FOREIGN KEY ("simpleBoardId") REFERENCES "Board"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectUserAssignment" ADD CONSTRAINT "ProjectUserAssignment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectUserAssignment" ADD CONSTRAINT "ProjectUserAssignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectContractor" ADD CONSTRAINT "ProjectContractor_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectContractor" ADD CONSTRAINT "ProjectContractor_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTag" ADD CONSTRAINT "ProjectTag_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTag" ADD CONSTRAINT "ProjectTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectFavorite" ADD CONSTRAINT "ProjectFavorite_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectFavorite" ADD CONSTRAINT "ProjectFavorite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectSettings" ADD CONSTRAINT "ProjectSettings_id_fkey" FOREIGN KEY ("id") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplate" ADD CONSTRAINT "ProjectTemplate_projectCategoryId_fkey" FOREIGN KEY ("projectCategoryId") REFERENCES "ProjectCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplate" ADD CONSTRAINT "ProjectTemplate_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateStage" ADD CONSTRAINT "ProjectTemplateStage_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "ProjectTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateStage" ADD CONSTRAINT "ProjectTemplateStage_stageTypeId_fkey" FOREIGN KEY ("stageTypeId") REFERENCES "StageType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateBoard" ADD CONSTRAINT "ProjectTemplateBoard_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "ProjectTemplateStage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectTemplateBoard" ADD CONSTRAINT "ProjectTemplateBoard_boardTypeId_fkey" FOREIGN KEY ("boardTypeId") REFERENCES "BoardType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Stage" ADD CONSTRAINT "Stage_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Stage" ADD CONSTRAINT "Stage_stageTypeId_fkey" FOREIGN KEY ("stageTypeId") REFERENCES "StageType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Board" ADD CONSTRAINT "Board_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Board" ADD CONSTRAINT "Board_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Board" ADD CONSTRAINT "Board_boardTypeId_fkey" FOREIGN KEY ("boardTypeId") REFERENCES "BoardType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignedBoardUser" ADD CONSTRAINT "AssignedBoardUser_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignedBoardUser" ADD CONSTRAINT "AssignedBoardUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskTypeCategory" ADD CONSTRAINT "TaskTypeCategory_taskTypeId_fkey" FOREIGN KEY ("taskTypeId") REFERENCES "TaskType"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskTypeCategory" ADD CONSTRAINT "TaskTypeCategory_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProjectCategory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_taskTypeId_fkey" FOREIGN KEY ("taskTypeId") REFERENCES "TaskType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskChecklist" ADD CONSTRAINT "TaskChecklist_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskChecklist" ADD CONSTRAINT "TaskChecklist_leaderId_fkey" FOREIGN KEY ("leaderId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskChecklistItem" ADD CONSTRAINT "TaskChecklistItem_checklistId_fkey" FOREIGN KEY ("checklistId") REFERENCES "TaskChecklist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskComment" ADD CONSTRAINT "TaskComment_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskComment" ADD CONSTRAINT "TaskComment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskComment" ADD CONSTRAINT "TaskComment_repliesToId_fkey" FOREIGN KEY ("repliesToId") REFERENCES "TaskComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskCommentMention" ADD CONSTRAINT "TaskCommentMention_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "TaskComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskCommentMention" ADD CONSTRAINT "TaskCommentMention_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskCommentReaction" ADD CONSTRAINT "TaskCommentReaction_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "TaskComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskCommentReaction" ADD CONSTRAINT "TaskCommentReaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_taskCommentId_fkey" FOREIGN KEY ("taskCommentId") REFERENCES "TaskComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_fileCategoryId_fkey" FOREIGN KEY ("fileCategoryId") REFERENCES "FileCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_projectUserId_fkey" FOREIGN KEY ("projectUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_typeId_fkey" FOREIGN KEY ("typeId") REFERENCES "RiskType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Risk" ADD CONSTRAINT "Risk_impactId_fkey" FOREIGN KEY ("impactId") REFERENCES "RiskImpact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Milestone" ADD CONSTRAINT "Milestone_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Milestone" ADD CONSTRAINT "Milestone_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "Stage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GanttLink" ADD CONSTRAINT "GanttLink_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportedTime" ADD CONSTRAINT "ReportedTime_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportedTime" ADD CONSTRAINT "ReportedTime_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportedTime" ADD CONSTRAINT "ReportedTime_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReportedTime" ADD CONSTRAINT "ReportedTime_reportedTimeTypeId_fkey" FOREIGN KEY ("reportedTimeTypeId") REFERENCES "ReportedTimeType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceNumberingCounter" ADD CONSTRAINT "InvoiceNumberingCounter_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "InvoiceNumbering"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_numberingId_fkey" FOREIGN KEY ("numberingId") REFERENCES "InvoiceNumbering"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "Contractor"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_correctedInvoiceId_fkey" FOREIGN KEY ("correctedInvoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_financeProjectId_fkey" FOREIGN KEY ("financeProjectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_financeStageId_fkey" FOREIGN KEY ("financeStageId") REFERENCES "Stage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_financeBoardId_fkey" FOREIGN KEY ("financeBoardId") REFERENCES "Board"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_financeTaskId_fkey" FOREIGN KEY ("financeTaskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceItem" ADD CONSTRAINT "InvoiceItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceCost" ADD CONSTRAINT "InvoiceCost_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceIncome" ADD CONSTRAINT "InvoiceIncome_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vacation" ADD CONSTRAINT "Vacation_calendarUserId_fkey" FOREIGN KEY ("calendarUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vacation" ADD CONSTRAINT "Vacation_vacationTypeId_fkey" FOREIGN KEY ("vacationTypeId") REFERENCES "VacationType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vacation" ADD CONSTRAINT "Vacation_acceptedById_fkey" FOREIGN KEY ("acceptedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vacation" ADD CONSTRAINT "Vacation_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VacationDate" ADD CONSTRAINT "VacationDate_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VacationComment" ADD CONSTRAINT "VacationComment_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VacationComment" ADD CONSTRAINT "VacationComment_calendarUserId_fkey" FOREIGN KEY ("calendarUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatTopic" ADD CONSTRAINT "ChatTopic_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "ChatTopic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignedChatTopicUser" ADD CONSTRAINT "AssignedChatTopicUser_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "ChatTopic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignedChatTopicUser" ADD CONSTRAINT "AssignedChatTopicUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignedChatTopicUser" ADD CONSTRAINT "AssignedChatTopicUser_lastReadMessageId_fkey" FOREIGN KEY ("lastReadMessageId") REFERENCES "ChatMessage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_contractorId_fkey" FOREIGN KEY ("contractorId") REFERENCES "Contractor"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "NoteStatus"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_assignedUserId_fkey" FOREIGN KEY ("assignedUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

