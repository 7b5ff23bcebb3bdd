import type { SeedContext } from "./context";
import { demoIds } from "./demo-ids";
import type { Random } from "./random";

export interface Named {
  id: string;
  name: string;
}

export interface Decorated extends Named {
  decorator: string;
}

/** The lookup tables of the project area, by name. */
export interface ProjectDictionaries {
  categories: Map<string, Named>;
  stageTypes: Map<string, Decorated>;
  boardTypes: Map<string, Decorated>;
  taskTypes: Map<string, Decorated>;
  riskTypes: Map<string, Named>;
  riskImpacts: Map<string, Named>;
  fileCategories: Map<string, Named>;
  reportedTimeTypes: Map<string, Named>;
}

export const CATEGORY = {
  implementation: "Wdrożenie IT",
  mobile: "Aplikacja mobilna",
  portal: "Portal i e-commerce",
  maintenance: "Utrzymanie i wsparcie",
  analytics: "Analityka danych",
  internal: "Projekt wewnętrzny",
  marketing: "Kampania marketingowa",
} as const;

const STAGE_TYPES: [string, string][] = [
  ["Analiza", "#987284"],
  ["Projektowanie", "#9c27b0"],
  ["Implementacja", "#2490e3"],
  ["Testy", "#f57f17"],
  ["Wdrożenie", "#44a069"],
  ["Utrzymanie", "#78909c"],
];

const BOARD_TYPES: [string, string][] = [
  ["Sprint", "#2490e3"],
  ["Kanban", "#00bfa5"],
  ["Backlog", "#78909c"],
  ["Wsparcie", "#ee7674"],
  ["Dokumentacja", "#003366"],
];

/** Task types with the project categories they are offered in. */
const TASK_TYPES: [string, string, string[]][] = [
  ["Funkcjonalność", "#2490e3", [CATEGORY.implementation, CATEGORY.mobile, CATEGORY.portal, CATEGORY.analytics]],
  ["Błąd", "#d32f2f", [CATEGORY.implementation, CATEGORY.mobile, CATEGORY.portal, CATEGORY.maintenance]],
  ["Zadanie", "#78909c", Object.values(CATEGORY)],
  ["Spotkanie", "#987284", [CATEGORY.implementation, CATEGORY.internal, CATEGORY.marketing]],
  ["Dokumentacja", "#003366", [CATEGORY.implementation, CATEGORY.maintenance, CATEGORY.internal]],
  ["Testy", "#f57f17", [CATEGORY.implementation, CATEGORY.mobile, CATEGORY.portal]],
  ["Zgłoszenie serwisowe", "#ee7674", [CATEGORY.maintenance]],
  ["Projekt graficzny", "#9c27b0", [CATEGORY.mobile, CATEGORY.portal, CATEGORY.marketing]],
];

const RISK_TYPES = ["Techniczne", "Harmonogram", "Budżet", "Prawne i regulacyjne", "Zasoby ludzkie", "Dostawcy"];
const RISK_IMPACTS = ["Niski", "Średni", "Wysoki", "Krytyczny"];
const FILE_CATEGORIES = ["Umowy i aneksy", "Specyfikacje", "Projekty graficzne", "Raporty", "Protokoły odbioru"];
const REPORTED_TIME_TYPES = ["Praca projektowa", "Spotkanie", "Testy", "Dokumentacja", "Wsparcie powdrożeniowe"];

/** Names whose rows carry a fixed showcase id. */
const FIXED_IDS: Record<string, string> = {
  [`category:${CATEGORY.implementation}`]: demoIds.projectCategoryId,
  "stageType:Implementacja": demoIds.stageTypeId,
  "boardType:Sprint": demoIds.boardTypeId,
  "taskType:Funkcjonalność": demoIds.taskTypeId,
  "riskType:Techniczne": demoIds.riskTypeId,
  "riskImpact:Wysoki": demoIds.riskImpactId,
  "fileCategory:Specyfikacje": demoIds.fileCategoryId,
  "reportedTimeType:Praca projektowa": demoIds.reportedTimeTypeId,
};

export async function seedProjectDictionaries(ctx: SeedContext): Promise<ProjectDictionaries> {
  const rng = ctx.rng.fork("project-dictionaries");
  const named = (kind: string, names: string[]) => byName(names.map((name) => ({ id: idFor(rng, kind, name), name })));
  const decorated = (kind: string, entries: [string, string, ...unknown[]][]) =>
    byName(entries.map(([name, decorator]) => ({ id: idFor(rng, kind, name), name, decorator })));

  const dictionaries: ProjectDictionaries = {
    categories: named("category", Object.values(CATEGORY)),
    stageTypes: decorated("stageType", STAGE_TYPES),
    boardTypes: decorated("boardType", BOARD_TYPES),
    taskTypes: decorated("taskType", TASK_TYPES),
    riskTypes: named("riskType", RISK_TYPES),
    riskImpacts: named("riskImpact", RISK_IMPACTS),
    fileCategories: named("fileCategory", FILE_CATEGORIES),
    reportedTimeTypes: named("reportedTimeType", REPORTED_TIME_TYPES),
  };

  await ctx.out.insert("projectCategory", [...dictionaries.categories.values()]);
  await ctx.out.insert("stageType", [...dictionaries.stageTypes.values()]);
  await ctx.out.insert("boardType", [...dictionaries.boardTypes.values()]);
  await ctx.out.insert("taskType", [...dictionaries.taskTypes.values()]);
  await ctx.out.insert(
    "taskTypeCategory",
    TASK_TYPES.flatMap(([name, , categories]) =>
      categories.map((category) => ({
        id: rng.uuid(),
        taskTypeId: dictionaries.taskTypes.get(name)!.id,
        categoryId: dictionaries.categories.get(category)!.id,
      })),
    ),
  );
  await ctx.out.insert("riskType", [...dictionaries.riskTypes.values()]);
  await ctx.out.insert("riskImpact", [...dictionaries.riskImpacts.values()]);
  await ctx.out.insert("fileCategory", [...dictionaries.fileCategories.values()]);
  await ctx.out.insert("reportedTimeType", [...dictionaries.reportedTimeTypes.values()]);
  return dictionaries;
}

function idFor(rng: Random, kind: string, name: string): string {
  // Draw for every row, fixed or not, so the fixed ids do not shift the others.
  const drawn = rng.uuid();
  return FIXED_IDS[`${kind}:${name}`] ?? drawn;
}

function byName<T extends Named>(rows: T[]): Map<string, T> {
  return new Map(rows.map((r) => [r.name, r]));
}
