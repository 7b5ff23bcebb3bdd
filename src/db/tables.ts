// GENERATED from prisma/postgres/migrations by scripts/kysely-tables.mjs: do not edit.
// Kysely table interfaces for the read queries. Column types are what either driver may return:
// PostgreSQL gives native values, SQLite text dates, 0/1 booleans and numeric decimals.

/** BOOLEAN: boolean on PostgreSQL, 0/1 on SQLite. */
export type Bool = boolean | number;
/** DECIMAL: exact text on PostgreSQL (read as text), a number on SQLite. */
export type Decimal = string | number;
/** TIMESTAMPTZ: text on both (PostgreSQL read as text, SQLite stores ISO-8601 text). */
export type Timestamp = string | Date;
/** DATE: 'YYYY-MM-DD' on PostgreSQL, ISO-8601 text at midnight UTC on SQLite. */
export type DateOnly = string | Date;

export interface ApiTokenTable {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp | null;
  revokedAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
}

export interface AssignedBoardUserTable {
  id: string;
  boardId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
}

export interface AssignedChatTopicUserTable {
  id: string;
  topicId: string;
  userId: string;
  lastReadMessageId: string | null;
  lastReadAt: Timestamp | null;
  mutedUntil: Timestamp | null;
  isMutedIndefinitely: Bool;
  isTopicOwner: Bool;
  isUnread: Bool;
  createdAt: Timestamp;
}

export interface BoardTable {
  id: string;
  projectId: string;
  stageId: string | null;
  name: string;
  status: string;
  shortCode: string;
  dateStart: Timestamp;
  dateEnd: Timestamp;
  weight: number;
  boardTypeId: string | null;
  taskCounter: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface BoardTypeTable {
  id: string;
  name: string;
  decorator: string;
}

export interface ChatMessageTable {
  id: string;
  topicId: string;
  authorId: string;
  content: string;
  createdAt: Timestamp;
}

export interface ChatTopicTable {
  id: string;
  name: string;
  createdById: string;
  createdAt: Timestamp;
}

export interface ContractorTable {
  id: string;
  name: string;
  fullName: string;
  shortCode: string;
  email: string;
  phoneNumber: string;
  pictureSm: string;
  pictureLg: string;
  defaultLocation: string;
  vatId: string;
  identifierType: string;
  street: string | null;
  zipCode: string | null;
  city: string | null;
  countryCode: string | null;
  accountingEmail: string | null;
  isJst: Bool;
  isGv: Bool;
  createdAt: Timestamp;
}

export interface ContractorAttendantTable {
  id: string;
  contractorId: string;
  userId: string;
}

export interface ContractorIndustryBranchTable {
  id: string;
  contractorId: string;
  industryBranchId: string;
}

export interface ContractorTagTable {
  id: string;
  contractorId: string;
  tagId: string;
}

export interface CurrencyDictionaryTable {
  id: string;
  name: string;
  code: string;
  isDefault: Bool;
  createdAt: Timestamp;
}

export interface CustomFieldDefinitionTable {
  id: string;
  name: string;
  weight: number;
  description: string;
  scope: string;
  dataType: string;
  floatDisplayType: string;
  floatDecimalPlaces: number;
  floatCurrencyCode: string;
}

export interface CustomFieldSelectOptionTable {
  id: string;
  definitionId: string;
  value: string;
  weight: number;
  decorator: string;
}

export interface CustomFieldValueTable {
  id: string;
  definitionId: string;
  projectId: string | null;
  projectTemplateId: string | null;
  contractorId: string | null;
  valueText: string | null;
  valueFloat: Decimal | null;
  valueDateTime: Timestamp | null;
  valueDepartmentId: string | null;
}

export interface CustomFieldValueSelectOptionTable {
  id: string;
  valueId: string;
  optionId: string;
}

export interface CustomFieldValueUserTable {
  id: string;
  valueId: string;
  userId: string;
}

export interface DepartmentTable {
  id: string;
  name: string;
}

export interface FileTable {
  id: string;
  type: string;
  projectId: string | null;
  taskId: string | null;
  taskCommentId: string | null;
  displayedName: string;
  extension: string;
  size: number;
  source: string;
  path: string;
  previewImageUrl: string;
  downloadType: string;
  fileCategoryId: string | null;
  createdById: string;
  createdAt: Timestamp;
}

export interface FileCategoryTable {
  id: string;
  name: string;
}

export interface GanttLinkTable {
  id: string;
  projectId: string;
  type: string;
  sourceId: string;
  targetId: string;
}

export interface IdempotencyKeyTable {
  userId: string;
  key: string;
  fingerprint: string;
  state: string;
  claimId: string;
  status: number | null;
  headers: string | null;
  body: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface IndustryBranchTable {
  id: string;
  name: string;
}

export interface InvoiceTable {
  id: string;
  ksefStatus: number;
  ksefStatusDescription: string;
  ksefMarker: string | null;
  no: string | null;
  docTitle: string;
  numberingId: string | null;
  numberingPeriod: string | null;
  saleDate: Timestamp | null;
  issueDate: DateOnly | null;
  deadlineDate: DateOnly | null;
  issuedPlace: string | null;
  invoiceType: string;
  direction: string;
  sellerId: string | null;
  sellerName: string | null;
  sellerIdentifier: string | null;
  sellerStreet: string | null;
  sellerZipCode: string | null;
  sellerCity: string | null;
  sellerCountryCode: string | null;
  sellerCreatorName: string;
  buyerId: string | null;
  buyerName: string | null;
  buyerIdentifier: string;
  buyerIdentifierType: string;
  buyerStreet: string | null;
  buyerZipCode: string | null;
  buyerCity: string | null;
  buyerCountryCode: string | null;
  buyerRecipientName: string | null;
  buyerAccountingEmail: string | null;
  buyerIsJst: Bool;
  buyerIsGv: Bool;
  bankAccount: string;
  bankAccountSwift: string;
  currencyCode: string | null;
  paymentMethod: string | null;
  alreadyPaid: Decimal | null;
  toPay: Decimal | null;
  netAmount: Decimal;
  vatAmount: Decimal;
  grossAmount: Decimal;
  description: string;
  posted: Bool;
  external: Bool;
  isDraft: Bool;
  isSplitPayment: Bool;
  isReverseCharge: Bool;
  isCashAccounting: Bool;
  fileGenerated: Bool;
  duplicateFileGenerated: Bool;
  fileGeneratedLanguage: string;
  exchangeRate: Decimal | null;
  exchangeDate: DateOnly | null;
  thirdParties: string;
  correctedInvoiceId: string | null;
  financeProjectId: string | null;
  financeStageId: string | null;
  financeBoardId: string | null;
  financeTaskId: string | null;
  createdById: string | null;
  updatedById: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  relatedInvoiceId: string | null;
}

export interface InvoiceCostTable {
  id: string;
  invoiceId: string;
  name: string;
  priceNet: Decimal;
  priceGross: Decimal;
  costType: string;
  date: Timestamp;
}

export interface InvoiceIncomeTable {
  id: string;
  invoiceId: string;
  name: string;
  priceNet: Decimal;
  priceGross: Decimal;
  incomeType: string;
  date: Timestamp;
}

export interface InvoiceItemTable {
  id: string;
  invoiceId: string;
  isPrevious: Bool;
  order: number;
  positionName: string;
  unit: string;
  count: Decimal;
  priceUnit: Decimal;
  tax: string;
  netAmount: Decimal;
  vatAmount: Decimal;
  grossAmount: Decimal;
  gtu: string | null;
}

export interface InvoiceNumberingTable {
  id: string;
  kind: string;
  pattern: string;
  resetInterval: string | null;
  leadingZero: number;
  isDefault: Bool;
  docTitle: string;
}

export interface InvoiceNumberingCounterTable {
  id: string;
  numberingId: string;
  period: string;
  lastValue: number;
  updatedAt: Timestamp;
}

export interface JobPositionTable {
  id: string;
  name: string;
}

export interface MilestoneTable {
  id: string;
  projectId: string;
  stageId: string | null;
  weight: number;
  name: string;
  dateStart: Timestamp;
  description: string;
  status: string;
}

export interface NoteTable {
  id: string;
  name: string;
  content: string;
  createdById: string;
  deadline: Timestamp | null;
  contractorId: string | null;
  statusId: string | null;
  assignedUserId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface NoteStatusTable {
  id: string;
  name: string;
  decorator: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectTable {
  id: string;
  no: string;
  numberingId: string | null;
  name: string;
  description: string;
  categoryId: string | null;
  dateStart: Timestamp | null;
  dateEnd: Timestamp | null;
  dateStartPlanned: Timestamp;
  dateEndPlanned: Timestamp;
  isBlameableRemovalEnabled: Bool;
  status: string;
  shortCode: string;
  isSimple: Bool;
  simpleBoardId: string | null;
  budget: Decimal | null;
  projectTemplateId: string | null;
  createdById: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectCategoryTable {
  id: string;
  name: string;
}

export interface ProjectContractorTable {
  id: string;
  projectId: string;
  contractorId: string;
}

export interface ProjectFavoriteTable {
  id: string;
  projectId: string;
  userId: string;
}

export interface ProjectNumberingTable {
  id: string;
  name: string;
  pattern: string;
  counterPadLength: number;
  counterNextValue: number;
  counterInterval: string | null;
  counterPeriod: string | null;
  isDefault: Bool;
}

export interface ProjectSettingsTable {
  id: string;
  enabledTabs: string;
  requireTaskTypeOnTaskCreation: Bool;
  showTaskDeadline: Bool;
  projectAutomaticPlanning: Bool;
  taskDateRangeBehaviour: string;
  taskDateStartType: string;
  taskDateEndType: string;
  taskDateStartInterval: string | null;
  taskDateEndInterval: string | null;
  taskDateStartTime: Timestamp | null;
  taskDateEndTime: Timestamp | null;
  hideHourlyRateForRoles: string;
  restrictTaskDateUpdatesToPMsOrCreators: Bool;
}

export interface ProjectTagTable {
  id: string;
  projectId: string;
  tagId: string;
}

export interface ProjectTemplateTable {
  id: string;
  name: string;
  description: string;
  projectCategoryId: string | null;
  dateStart: Timestamp;
  dateEnd: Timestamp;
  stageDatesRelativeToProject: Bool;
  isBlameableRemovalEnabled: Bool;
  isPublic: Bool;
  isSimple: Bool;
  createdById: string;
  settings: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProjectTemplateBoardTable {
  id: string;
  stageId: string;
  name: string;
  boardTypeId: string | null;
  weight: number;
}

export interface ProjectTemplateStageTable {
  id: string;
  templateId: string;
  name: string;
  description: string;
  stageTypeId: string | null;
  dateStart: Timestamp;
  dateEnd: Timestamp;
  weight: number;
}

export interface ProjectUserAssignmentTable {
  id: string;
  projectId: string;
  userId: string;
  role: string;
  hourlyRate: Decimal | null;
  canReportTime: Bool;
  createdAt: Timestamp;
}

export interface ReportedTimeTable {
  id: string;
  userId: string;
  taskId: string;
  projectId: string;
  date: Timestamp;
  seconds: number;
  reportedTimeTypeId: string | null;
  description: string;
  createdAt: Timestamp;
}

export interface ReportedTimeTypeTable {
  id: string;
  name: string;
}

export interface RiskTable {
  id: string;
  name: string;
  description: string | null;
  probability: number | null;
  date: Timestamp | null;
  projectUserId: string | null;
  projectId: string;
  stageId: string | null;
  boardId: string | null;
  taskId: string | null;
  typeId: string | null;
  impactId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RiskImpactTable {
  id: string;
  name: string;
}

export interface RiskTypeTable {
  id: string;
  name: string;
}

export interface ShortcutTable {
  id: string;
  userId: string;
  weight: number;
  name: string;
  viewUrl: string;
  isOpenedInNewTab: Bool;
  createdAt: Timestamp;
}

export interface SsoProviderTable {
  id: string;
  tenantId: string;
  tenantName: string;
  type: string;
}

export interface StageTable {
  id: string;
  projectId: string;
  name: string;
  status: string;
  description: string;
  dateStart: Timestamp;
  dateEnd: Timestamp;
  weight: number;
  isBlameableRemovalEnabled: Bool;
  stageTypeId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface StageTypeTable {
  id: string;
  name: string;
  decorator: string;
}

export interface TagTable {
  id: string;
  name: string;
}

export interface TaskTable {
  id: string;
  projectId: string;
  stageId: string | null;
  boardId: string;
  no: number;
  shortCode: string;
  name: string;
  description: string;
  dateStart: Timestamp | null;
  dateEnd: Timestamp | null;
  weight: number;
  status: string;
  columnStatus: string;
  columnDecorator: string;
  finishedAt: Timestamp | null;
  timePlanned: number;
  shareToken: string | null;
  taskTypeId: string | null;
  createdById: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TaskChecklistTable {
  id: string;
  taskId: string;
  name: string;
  weight: number;
  leaderId: string | null;
}

export interface TaskChecklistItemTable {
  id: string;
  checklistId: string;
  name: string;
  isChecked: Bool;
  weight: number;
}

export interface TaskCommentTable {
  id: string;
  taskId: string;
  content: string;
  isEmoji: Bool;
  createdById: string;
  createdBySource: string;
  repliesToId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TaskCommentMentionTable {
  id: string;
  commentId: string;
  userId: string;
}

export interface TaskCommentReactionTable {
  id: string;
  commentId: string;
  userId: string;
  reactionType: string;
}

export interface TaskTypeTable {
  id: string;
  name: string;
  decorator: string;
}

export interface TaskTypeCategoryTable {
  id: string;
  taskTypeId: string;
  categoryId: string;
}

export interface UserTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  shortCode: string;
  phoneNumber: string;
  pictureSm: string;
  pictureLg: string;
  jobPositionId: string | null;
  contractorId: string | null;
  canLogIn: Bool;
  allowApiTokenAuthentication: Bool;
  isExternal: Bool;
  isUsingMobile: Bool;
  twoFactorAuth: Bool;
  lastActivity: Timestamp | null;
  lastActivityMobile: Timestamp | null;
  hoursPerWorkDay: Decimal;
  tasksPerWorkday: number;
  decorator: string;
  hourlyRate: Decimal | null;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserDepartmentTable {
  id: string;
  userId: string;
  departmentId: string;
  isLeader: Bool;
}

export interface UserRoleTable {
  id: string;
  userId: string;
  role: string;
}

export interface UserSsoProviderTable {
  id: string;
  userId: string;
  ssoProviderId: string;
  isUserLinked: Bool;
}

export interface VacationTable {
  id: string;
  calendarUserId: string;
  vacationTypeId: string;
  status: string;
  description: string;
  searchText: string;
  vacationYear: number;
  issueDate: DateOnly;
  firstDate: Timestamp | null;
  acceptedById: string | null;
  rejectedById: string | null;
  fileGenerated: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VacationCommentTable {
  id: string;
  vacationId: string;
  content: string;
  calendarUserId: string;
  createdAt: Timestamp;
}

export interface VacationDateTable {
  id: string;
  vacationId: string;
  date: Timestamp;
}

export interface VacationTypeTable {
  id: string;
  name: string;
  decrementVacation: Bool;
  isActive: Bool;
}

/** Every table, as Kysely's database type. */
export interface Tables {
  ApiToken: ApiTokenTable;
  AssignedBoardUser: AssignedBoardUserTable;
  AssignedChatTopicUser: AssignedChatTopicUserTable;
  Board: BoardTable;
  BoardType: BoardTypeTable;
  ChatMessage: ChatMessageTable;
  ChatTopic: ChatTopicTable;
  Contractor: ContractorTable;
  ContractorAttendant: ContractorAttendantTable;
  ContractorIndustryBranch: ContractorIndustryBranchTable;
  ContractorTag: ContractorTagTable;
  CurrencyDictionary: CurrencyDictionaryTable;
  CustomFieldDefinition: CustomFieldDefinitionTable;
  CustomFieldSelectOption: CustomFieldSelectOptionTable;
  CustomFieldValue: CustomFieldValueTable;
  CustomFieldValueSelectOption: CustomFieldValueSelectOptionTable;
  CustomFieldValueUser: CustomFieldValueUserTable;
  Department: DepartmentTable;
  File: FileTable;
  FileCategory: FileCategoryTable;
  GanttLink: GanttLinkTable;
  IdempotencyKey: IdempotencyKeyTable;
  IndustryBranch: IndustryBranchTable;
  Invoice: InvoiceTable;
  InvoiceCost: InvoiceCostTable;
  InvoiceIncome: InvoiceIncomeTable;
  InvoiceItem: InvoiceItemTable;
  InvoiceNumbering: InvoiceNumberingTable;
  InvoiceNumberingCounter: InvoiceNumberingCounterTable;
  JobPosition: JobPositionTable;
  Milestone: MilestoneTable;
  Note: NoteTable;
  NoteStatus: NoteStatusTable;
  Project: ProjectTable;
  ProjectCategory: ProjectCategoryTable;
  ProjectContractor: ProjectContractorTable;
  ProjectFavorite: ProjectFavoriteTable;
  ProjectNumbering: ProjectNumberingTable;
  ProjectSettings: ProjectSettingsTable;
  ProjectTag: ProjectTagTable;
  ProjectTemplate: ProjectTemplateTable;
  ProjectTemplateBoard: ProjectTemplateBoardTable;
  ProjectTemplateStage: ProjectTemplateStageTable;
  ProjectUserAssignment: ProjectUserAssignmentTable;
  ReportedTime: ReportedTimeTable;
  ReportedTimeType: ReportedTimeTypeTable;
  Risk: RiskTable;
  RiskImpact: RiskImpactTable;
  RiskType: RiskTypeTable;
  Shortcut: ShortcutTable;
  SsoProvider: SsoProviderTable;
  Stage: StageTable;
  StageType: StageTypeTable;
  Tag: TagTable;
  Task: TaskTable;
  TaskChecklist: TaskChecklistTable;
  TaskChecklistItem: TaskChecklistItemTable;
  TaskComment: TaskCommentTable;
  TaskCommentMention: TaskCommentMentionTable;
  TaskCommentReaction: TaskCommentReactionTable;
  TaskType: TaskTypeTable;
  TaskTypeCategory: TaskTypeCategoryTable;
  User: UserTable;
  UserDepartment: UserDepartmentTable;
  UserRole: UserRoleTable;
  UserSsoProvider: UserSsoProviderTable;
  Vacation: VacationTable;
  VacationComment: VacationCommentTable;
  VacationDate: VacationDateTable;
  VacationType: VacationTypeTable;
}
