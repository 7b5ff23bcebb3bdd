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
import { assignedChatTopicUserEntity } from "../services/chat/chat.read";
import { taskCommentEntity, taskCommentMentionEntity, taskCommentReactionEntity } from "../services/comment/comment.read";
import { noteContractorEntity, noteEntity, noteStatusEntity } from "../services/crm/crm.read";
import { ganttLinkEntity, milestoneEntity, projectGanttEntity } from "../services/gantt/gantt.read";
import { currencyDictionaryEntity, invoiceCostEntity, invoiceEntity, invoiceIncomeEntity, invoiceNumberingEntity } from "../services/invoice/invoice.read";
import { shortcutEntity, userDepartmentEntity, userEntity } from "../services/people/people.read";
import { assignedBoardUserEntity, assignedProjectUserEntity, customFieldDefinitionEntity, customFieldOptionEntity, projectEntity, projectNumberingEntity, projectSettingsEntity, riskEntity, stageEntity } from "../services/project/project.read";
import { fileEntity, taskChecklistEntity, taskChecklistItemEntity, taskTypeEntity } from "../services/task/task.read";
import { projectTemplateEntity } from "../services/template/template.read";
import { vacationCommentEntity, vacationDateEntity, vacationEntity, vacationTypeEntity } from "../services/vacation/vacation.read";

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
