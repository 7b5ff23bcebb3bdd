import type { SeedContext } from "./context";
import { addDays, at, BASE_DATE, between, laterBefore } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { ProjectDictionaries } from "./project-dictionaries.seed";
import type { ProjectsWorld } from "./projects.seed";
import type { TasksWorld } from "./tasks.seed";

/** [name, description, risk type] */
const RISKS: [string, string, string][] = [
  ["Opóźnienie danych testowych od klienta", "Bez danych z produkcji nie przetestujemy wydajności importu przed UAT.", "Harmonogram"],
  [
    "Rotacja w zespole deweloperskim",
    "Odejście kluczowej osoby opóźniłoby prace o dwa–trzy tygodnie; wiedza jest w głowach dwóch osób.",
    "Zasoby ludzkie",
  ],
  ["Przekroczenie budżetu na usługi chmurowe", "Koszt środowisk testowych rośnie szybciej, niż zakładał kosztorys.", "Budżet"],
  [
    "Zmiana przepisów dotyczących KSeF",
    "Nowa wersja schemy e-faktury może wymagać zmian w integracji przed uruchomieniem.",
    "Prawne i regulacyjne",
  ],
  [
    "Niedostępność użytkowników kluczowych podczas UAT",
    "Okres urlopowy u klienta pokrywa się z planowanymi testami akceptacyjnymi.",
    "Harmonogram",
  ],
  ["Opóźnienie podwykonawcy", "Podwykonawca sygnalizuje braki kadrowe; część prac może wrócić do naszego zespołu.", "Dostawcy"],
  ["Zmiana zakresu bez aneksu", "Klient zgłasza wymagania spoza specyfikacji; bez aneksu zjedzą marżę.", "Budżet"],
  ["Dług techniczny w module raportowym", "Refaktoryzacja może ujawnić ukryte zależności i wydłużyć sprint.", "Techniczne"],
  [
    "Brak aktualnej umowy powierzenia danych",
    "Przetwarzanie danych osobowych na środowisku testowym wymaga aneksu RODO.",
    "Prawne i regulacyjne",
  ],
  ["Third-party API rate limits", "The partner API allows 100 requests per minute, which may not cover the nightly sync.", "Techniczne"],
];

/** Risks of each project, some pinned to a stage, board or task, with their type, impact and owner. */
export async function seedRisks(
  ctx: SeedContext,
  projects: ProjectsWorld,
  tasks: TasksWorld,
  dictionaries: ProjectDictionaries,
): Promise<void> {
  const rng = ctx.rng.fork("risks");
  const rows: RowOf<"risk">[] = [];
  const impacts = [...dictionaries.riskImpacts.values()];

  for (const p of projects.projects) {
    if (p.isSimple) continue;
    const projectTasks = tasks.tasks.filter((t) => t.project.id === p.id);
    for (const [name, description, typeName] of rng.sample(RISKS, rng.int(2, 4))) {
      const board = rng.chance(0.4) ? rng.pick(p.boards) : null;
      const task = board && rng.chance(0.5) ? (projectTasks.find((t) => t.board.id === board.id) ?? null) : null;
      const stageId = board?.stageId ?? (rng.chance(0.4) ? rng.pick(p.stages).id : null);
      const createdAt = between(rng, p.createdAt, p.status === "closed" ? p.end : BASE_DATE);
      rows.push({
        id: rng.uuid(),
        name,
        description,
        probability: rng.int(1, 5),
        date: at(addDays(createdAt, rng.int(7, 45)), 12),
        projectUserId: rng.pick(p.team).id,
        projectId: p.id,
        stageId,
        boardId: board?.id ?? null,
        taskId: task?.id ?? null,
        typeId: dictionaries.riskTypes.get(typeName)!.id,
        impactId: rng.pick(impacts).id,
        createdAt,
        updatedAt: laterBefore(rng, createdAt, 30),
      });
    }
  }

  // The showcase risk hangs on the showcase task, so every reference of a risk is filled.
  const task = tasks.showcase;
  const createdAt = at(addDays(BASE_DATE, -12), 14, 5);
  rows.push({
    id: demoIds.riskId,
    name: "Niska wydajność integracji z SAP",
    description:
      "Import zleceń przez IDoc trwa 3,2 s dla 1 240 zleceń z hali B; przy pełnym miesiącu obu hal może przekroczyć okno nocne. " +
      "Działanie: test na pełnym wolumenie do końca sprintu, w razie potrzeby import przyrostowy.",
    probability: 4,
    date: at(addDays(BASE_DATE, 10), 12),
    projectUserId: demoIds.pmUserId,
    projectId: demoIds.projectId,
    stageId: demoIds.stageId,
    boardId: demoIds.boardId,
    taskId: task.id,
    typeId: demoIds.riskTypeId,
    impactId: demoIds.riskImpactId,
    createdAt,
    updatedAt: laterBefore(rng, createdAt, 5),
  });

  await ctx.out.insert("risk", rows);
}
