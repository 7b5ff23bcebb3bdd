import type { ClassType, NonEmptyArray } from "type-graphql";
import type { EntityDefinition } from "../federation/entity-registry";
import { AssignedBoardUserResolver } from "../resolvers/assigned-board-user.resolver";
import { AssignedChatTopicUserResolver } from "../resolvers/assigned-chat-topic-user.resolver";
import { CurrencyDictionaryResolver } from "../resolvers/currency-dictionary.resolver";
import { FileResolver } from "../resolvers/file.resolver";
import { InvoiceResolver } from "../resolvers/invoice.resolver";
import { NoteResolver } from "../resolvers/note.resolver";
import { ProjectGanttResolver } from "../resolvers/project-gantt.resolver";
import { ProjectSettingsResolver } from "../resolvers/project-settings.resolver";
import { ProjectTemplateResolver } from "../resolvers/project-template.resolver";
import { ProjectResolver } from "../resolvers/project.resolver";
import { RiskResolver } from "../resolvers/risk.resolver";
import { ShortcutResolver } from "../resolvers/shortcut.resolver";
import { StageResolver } from "../resolvers/stage.resolver";
import { TaskChecklistResolver } from "../resolvers/task-checklist.resolver";
import { TaskCommentResolver } from "../resolvers/task-comment.resolver";
import { TaskTypeResolver } from "../resolvers/task-type.resolver";
import { TimesheetResolver } from "../resolvers/timesheet.resolver";
import { UserResolver } from "../resolvers/user.resolver";
import { VacationResolver } from "../resolvers/vacation.resolver";
import { assignedChatTopicUserEntity } from "../services/chat/assigned-chat-topic-user.service";
import { taskCommentEntity, taskCommentMentionEntity, taskCommentReactionEntity } from "../services/comment/task-comment.service";
import { noteContractorEntity, noteEntity, noteStatusEntity } from "../services/crm/note.service";
import { ganttLinkEntity, milestoneEntity, projectGanttEntity } from "../services/gantt/project-gantt.service";
import { currencyDictionaryEntity } from "../services/invoice/currency-dictionary.service";
import { invoiceCostEntity, invoiceIncomeEntity } from "../services/invoice/invoice-booking.service";
import { invoiceNumberingEntity } from "../services/invoice/invoice-numbering.service";
import { invoiceEntity } from "../services/invoice/invoice.service";
import { shortcutEntity } from "../services/people/shortcut.service";
import { userDepartmentEntity, userEntity } from "../services/people/user.service";
import { assignedBoardUserEntity } from "../services/project/assigned-board-user.service";
import { assignedProjectUserEntity } from "../services/project/assigned-project-user.service";
import { customFieldDefinitionEntity } from "../services/project/custom-field-definition.service";
import { customFieldOptionEntity } from "../services/project/custom-field-option.service";
import { projectNumberingEntity } from "../services/project/project-numbering.service";
import { projectSettingsEntity } from "../services/project/project-settings.service";
import { projectEntity } from "../services/project/project.service";
import { riskEntity } from "../services/project/risk.service";
import { stageEntity } from "../services/project/stage.service";
import { fileEntity } from "../services/task/file.service";
import { taskChecklistEntity, taskChecklistItemEntity } from "../services/task/task-checklist.service";
import { taskTypeEntity } from "../services/task/task-type.service";
import { projectTemplateEntity } from "../services/template/project-template.service";
import { vacationCommentEntity, vacationDateEntity, vacationEntity, vacationTypeEntity } from "../services/vacation/vacation.service";

// ---------------------------------------------------------------------------------------------
// The wiring of the subgraph, written out: what it serves is what these two lists say, not what
// happens to be imported or lie in a folder. Adding an operation or an entity means adding it
// here; test/federation-audit.test.ts fails when ENTITIES and the schema's `@key` types differ.
// ---------------------------------------------------------------------------------------------

/** Every resolver class of the schema, by area. */
export const RESOLVERS: NonEmptyArray<ClassType> = [
  // chat
  AssignedChatTopicUserResolver,
  // comment
  TaskCommentResolver,
  // crm
  NoteResolver,
  // gantt
  ProjectGanttResolver,
  // invoice
  CurrencyDictionaryResolver,
  InvoiceResolver,
  // people
  ShortcutResolver,
  UserResolver,
  // project
  AssignedBoardUserResolver,
  ProjectResolver,
  ProjectSettingsResolver,
  RiskResolver,
  StageResolver,
  // task
  FileResolver,
  TaskChecklistResolver,
  TaskTypeResolver,
  // template
  ProjectTemplateResolver,
  // timesheet
  TimesheetResolver,
  // vacation
  VacationResolver,
];

/**
 * Every federation entity (`@key(fields: "id")` type) with its loader, by area. Each needs a read
 * rule in ENTITY_READ of src/auth/visibility.ts too: the schema refuses to build without one.
 */
export const ENTITIES: readonly EntityDefinition[] = [
  // chat
  assignedChatTopicUserEntity,
  // comment
  taskCommentEntity,
  taskCommentMentionEntity,
  taskCommentReactionEntity,
  // crm
  noteEntity,
  noteStatusEntity,
  noteContractorEntity,
  // gantt
  projectGanttEntity,
  milestoneEntity,
  ganttLinkEntity,
  // invoice
  currencyDictionaryEntity,
  invoiceEntity,
  invoiceCostEntity,
  invoiceIncomeEntity,
  invoiceNumberingEntity,
  // people
  shortcutEntity,
  userEntity,
  userDepartmentEntity,
  // project
  projectEntity,
  projectNumberingEntity,
  projectSettingsEntity,
  assignedProjectUserEntity,
  assignedBoardUserEntity,
  customFieldDefinitionEntity,
  customFieldOptionEntity,
  riskEntity,
  stageEntity,
  // task
  fileEntity,
  taskChecklistEntity,
  taskChecklistItemEntity,
  taskTypeEntity,
  // template
  projectTemplateEntity,
  // vacation
  vacationEntity,
  vacationTypeEntity,
  vacationCommentEntity,
  vacationDateEntity,
];
