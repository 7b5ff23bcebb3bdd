import type { SeedContext } from "./context";
import { CustomFieldValues, type CustomFieldsWorld } from "./custom-fields.seed";
import { addDays, at, day, laterBefore, utcDate } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import { CATEGORY, type ProjectDictionaries } from "./project-dictionaries.seed";
import type { UsersWorld } from "./users.seed";

/** Project settings a template hands to the projects made from it. */
export interface TemplateSettings {
  enabledTabs: string[];
  requireTaskTypeOnTaskCreation: boolean;
  showTaskDeadline: boolean;
  projectAutomaticPlanning: boolean;
  taskDateRangeBehaviour: string;
  taskDateStartType: string;
  taskDateEndType: string;
  hideHourlyRateForRoles: string[];
  restrictTaskDateUpdatesToPMsOrCreators: boolean;
}

export interface TemplatesWorld {
  publicTemplateId: string;
  privateTemplateId: string;
  publicTemplateSettings: TemplateSettings;
}

interface TemplateBlueprint {
  id: string;
  name: string;
  description: string;
  category: string;
  isPublic: boolean;
  /** Offsets in days from the template's start: templates are laid out on a nominal calendar. */
  stages: { name: string; type: string; from: number; to: number; description: string; boards: [string, string][] }[];
  settings: TemplateSettings;
}

const TEMPLATE_START = utcDate(2026, 1, 5);

const PUBLIC_TEMPLATE: TemplateBlueprint = {
  id: demoIds.projectTemplateId,
  name: "Wdrożenie systemu klasy ERP/MES – standard",
  description:
    "Szablon firmowy dla wdrożeń u klientów produkcyjnych: analiza przedwdrożeniowa, projekt, trzy sprinty " +
    "implementacji, testy akceptacyjne i uruchomienie produkcyjne z okresem stabilizacji.",
  category: CATEGORY.implementation,
  isPublic: true,
  stages: [
    {
      name: "Analiza przedwdrożeniowa",
      type: "Analiza",
      from: 0,
      to: 27,
      description: "Warsztaty z kluczowymi użytkownikami i spisanie wymagań.",
      boards: [
        ["Warsztaty i wymagania", "Kanban"],
        ["Specyfikacja funkcjonalna", "Dokumentacja"],
      ],
    },
    {
      name: "Projekt rozwiązania",
      type: "Projektowanie",
      from: 28,
      to: 55,
      description: "Architektura, model danych i makiety kluczowych ekranów.",
      boards: [
        ["Makiety UX", "Kanban"],
        ["Architektura systemu", "Dokumentacja"],
      ],
    },
    {
      name: "Implementacja",
      type: "Implementacja",
      from: 56,
      to: 139,
      description: "Trzy sprinty po cztery tygodnie z demo na koniec każdego.",
      boards: [
        ["Sprint 1", "Sprint"],
        ["Sprint 2", "Sprint"],
        ["Sprint 3", "Sprint"],
      ],
    },
    {
      name: "Testy i uruchomienie",
      type: "Wdrożenie",
      from: 140,
      to: 176,
      description: "Testy akceptacyjne, migracja danych, szkolenia i go-live.",
      boards: [
        ["Testy akceptacyjne (UAT)", "Kanban"],
        ["Go-live", "Kanban"],
      ],
    },
  ],
  settings: {
    enabledTabs: ["overview", "gantt", "boards", "tasks", "finance", "files", "risks", "time"],
    requireTaskTypeOnTaskCreation: true,
    showTaskDeadline: true,
    projectAutomaticPlanning: false,
    taskDateRangeBehaviour: "board-summary-bar",
    taskDateStartType: "board",
    taskDateEndType: "board",
    hideHourlyRateForRoles: ["member", "none"],
    restrictTaskDateUpdatesToPMsOrCreators: true,
  },
};

const PRIVATE_TEMPLATE: TemplateBlueprint = {
  id: demoIds.privateProjectTemplateId,
  name: "Kampania produktowa – mój szablon",
  description: "Mój układ kampanii: przygotowanie materiałów i dwa tygodnie emisji z cotygodniowym raportem.",
  category: CATEGORY.marketing,
  isPublic: false,
  stages: [
    {
      name: "Przygotowanie kampanii",
      type: "Projektowanie",
      from: 0,
      to: 20,
      description: "Brief, key visual, teksty i akceptacja klienta.",
      boards: [["Materiały kreatywne", "Kanban"]],
    },
    {
      name: "Emisja i raportowanie",
      type: "Wdrożenie",
      from: 21,
      to: 34,
      description: "Emisja w kanałach płatnych i raport wyników.",
      boards: [["Emisja", "Kanban"]],
    },
  ],
  settings: {
    enabledTabs: ["overview", "boards", "files", "time"],
    requireTaskTypeOnTaskCreation: false,
    showTaskDeadline: true,
    projectAutomaticPlanning: true,
    taskDateRangeBehaviour: "board-summary-bar",
    taskDateStartType: "board",
    taskDateEndType: "board",
    hideHourlyRateForRoles: ["pm-passive", "member", "none"],
    restrictTaskDateUpdatesToPMsOrCreators: false,
  },
};

/** One public company template (by the admin) and one private template of a project manager. */
export async function seedTemplates(
  ctx: SeedContext,
  users: UsersWorld,
  dictionaries: ProjectDictionaries,
  fields: CustomFieldsWorld,
): Promise<TemplatesWorld> {
  const rng = ctx.rng.fork("templates");
  // The private template belongs to a project manager other than the showcase one, to show it is theirs alone.
  const privateOwner = users.withRole("pm").find((u) => u.id !== users.pm.id && !u.roles.includes("admin"))!;
  const owners = new Map([
    [PUBLIC_TEMPLATE.id, users.admin],
    [PRIVATE_TEMPLATE.id, privateOwner],
  ]);

  const templateRows: RowOf<"projectTemplate">[] = [];
  const stageRows: RowOf<"projectTemplateStage">[] = [];
  const boardRows: RowOf<"projectTemplateBoard">[] = [];

  for (const t of [PUBLIC_TEMPLATE, PRIVATE_TEMPLATE]) {
    const last = t.stages[t.stages.length - 1];
    const createdAt = at(day(t.isPublic ? -300 : -45), 11, rng.int(0, 59));
    templateRows.push({
      id: t.id,
      name: t.name,
      description: t.description,
      projectCategoryId: dictionaries.categories.get(t.category)!.id,
      dateStart: TEMPLATE_START,
      dateEnd: addDays(TEMPLATE_START, last.to),
      stageDatesRelativeToProject: t.isPublic,
      isBlameableRemovalEnabled: t.isPublic,
      isPublic: t.isPublic,
      isSimple: false,
      createdById: owners.get(t.id)!.id,
      settings: JSON.stringify(t.settings),
      createdAt,
      updatedAt: laterBefore(rng, createdAt, 30),
    });
    t.stages.forEach((s, i) => {
      const stageId = rng.uuid();
      stageRows.push({
        id: stageId,
        templateId: t.id,
        name: s.name,
        description: s.description,
        stageTypeId: dictionaries.stageTypes.get(s.type)!.id,
        dateStart: addDays(TEMPLATE_START, s.from),
        dateEnd: addDays(TEMPLATE_START, s.to),
        weight: i + 1,
      });
      s.boards.forEach(([name, type], j) =>
        boardRows.push({ id: rng.uuid(), stageId, name, boardTypeId: dictionaries.boardTypes.get(type)!.id, weight: j + 1 }),
      );
    });
  }

  await ctx.out.insert("projectTemplate", templateRows);
  await ctx.out.insert("projectTemplateStage", stageRows);
  await ctx.out.insert("projectTemplateBoard", boardRows);

  // Values a project made from the template starts with.
  const values = new CustomFieldValues(fields, rng);
  const pub = { projectTemplateId: PUBLIC_TEMPLATE.id };
  values.set(pub, "Model rozliczenia", { text: "Fixed price – płatność w trzech transzach po odbiorach etapów" });
  values.set(pub, "Priorytet", { options: ["Wysoki"] });
  values.set(pub, "Technologie", { options: [".NET", "Angular", "PostgreSQL"] });
  values.set(pub, "Marża docelowa", { float: 28 });
  values.set(pub, "Dział odpowiedzialny", { departmentId: users.departmentByKey.get("dev")!.id });
  values.set(pub, "Komitet sterujący", { userIds: [users.admin.id, users.pm.id] });
  const priv = { projectTemplateId: PRIVATE_TEMPLATE.id };
  values.set(priv, "Priorytet", { options: ["Średni"] });
  values.set(priv, "Model rozliczenia", { text: "Ryczałt za kampanię, budżet mediowy refakturowany" });
  await values.write(ctx);

  return { publicTemplateId: PUBLIC_TEMPLATE.id, privateTemplateId: PRIVATE_TEMPLATE.id, publicTemplateSettings: PUBLIC_TEMPLATE.settings };
}
