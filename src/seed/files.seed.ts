import { COMPANY } from "./company";
import type { SeedContext } from "./context";
import { BASE_DATE, between, laterBefore } from "./dates";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import type { ProjectDictionaries } from "./project-dictionaries.seed";
import type { ProjectsWorld } from "./projects.seed";
import type { Random } from "./random";
import type { TasksWorld } from "./tasks.seed";
import { slug } from "./text";

type FileOwner =
  { type: "project"; projectId: string } | { type: "task"; taskId: string } | { type: "task-comment"; taskCommentId: string };

/** Typical sizes in bytes, so listings look like real folders. */
const SIZES: Record<string, [number, number]> = {
  pdf: [80_000, 4_500_000],
  docx: [25_000, 900_000],
  xlsx: [15_000, 1_200_000],
  png: [40_000, 2_400_000],
  jpg: [60_000, 3_800_000],
  txt: [800, 60_000],
  zip: [500_000, 25_000_000],
};

/** One file row: stored internally under a storage key, or registered by link (Figma, shared drives). */
export function fileRow(
  rng: Random,
  owner: FileOwner,
  spec: { name: string; extension: string; createdById: string; createdAt: Date; categoryId?: string | null; link?: string },
): RowOf<"file"> {
  const id = rng.uuid();
  const [min, max] = SIZES[spec.extension] ?? [1_000, 100_000];
  const folder =
    owner.type === "project"
      ? `projects/${owner.projectId}`
      : owner.type === "task"
        ? `tasks/${owner.taskId}`
        : `comments/${owner.taskCommentId}`;
  return {
    id,
    type: owner.type,
    projectId: owner.type === "project" ? owner.projectId : null,
    taskId: owner.type === "task" ? owner.taskId : null,
    taskCommentId: owner.type === "task-comment" ? owner.taskCommentId : null,
    displayedName: spec.name,
    extension: spec.extension,
    size: spec.link ? 0 : rng.int(min, max),
    source: spec.link ? "link" : "internal",
    path: spec.link ?? `${folder}/${id}.${spec.extension}`,
    previewImageUrl: `${COMPANY.filesUrl}/previews/${id}.png`,
    downloadType: spec.link ? "link" : "download-direct",
    fileCategoryId: spec.categoryId ?? null,
    createdById: spec.createdById,
    createdAt: spec.createdAt,
  };
}

const TASK_FILES: [string, string][] = [
  ["Zrzut ekranu – błąd walidacji", "png"],
  ["Logi z serwera aplikacji", "txt"],
  ["Dane testowe", "xlsx"],
  ["Makieta – wersja 2", "png"],
  ["Notatka ze spotkania", "docx"],
  ["Eksport z SAP", "xlsx"],
  ["Zdjęcie tablicy po warsztacie", "jpg"],
];

/** Files attached to projects (contracts, plans, reports, design links) and to some tasks. */
export async function seedFiles(
  ctx: SeedContext,
  projects: ProjectsWorld,
  tasks: TasksWorld,
  dictionaries: ProjectDictionaries,
): Promise<void> {
  const rng = ctx.rng.fork("files");
  const category = (name: string) => dictionaries.fileCategories.get(name)!.id;
  const rows: RowOf<"file">[] = [];

  for (const p of projects.projects) {
    const owner = { type: "project" as const, projectId: p.id };
    // A document the PM uploaded within the given number of days after the project was set up.
    const document = (name: string, extension: string, withinDays: number, categoryName: string) =>
      fileRow(rng, owner, {
        name: `${name}.${extension}`,
        extension,
        createdById: p.pmActive.id,
        createdAt: laterBefore(rng, p.createdAt, withinDays),
        categoryId: category(categoryName),
      });
    const version = rng.int(2, 5);
    if (p.client) rows.push(document(`Umowa ${p.client.name} – podpisana`, "pdf", 1, "Umowy i aneksy"));
    rows.push(document(`Harmonogram projektu v${version}`, "xlsx", 5, "Raporty"));
    if (!p.isSimple) {
      rows.push(document(`Specyfikacja funkcjonalna v${version}`, "docx", 20, "Specyfikacje"));
      rows.push(
        fileRow(rng, owner, {
          name: "Makiety – Figma",
          extension: "fig",
          createdById: rng.pick(p.team).id,
          createdAt: laterBefore(rng, p.createdAt, 25),
          categoryId: category("Projekty graficzne"),
          link: `https://www.figma.com/file/${rng.token(16)}/${slug(p.name)}`,
        }),
      );
    }
    if (p.status === "closed") {
      rows.push(
        fileRow(rng, owner, {
          name: "Protokół odbioru końcowego.pdf",
          extension: "pdf",
          createdById: p.pmActive.id,
          createdAt: laterBefore(rng, p.end, 10),
          categoryId: category("Protokoły odbioru"),
        }),
      );
    }
  }

  for (const t of tasks.tasks) {
    const isShowcase = t.id === demoIds.taskId;
    if (!isShowcase && !rng.chance(0.15)) continue;
    const count = isShowcase ? 3 : rng.int(1, 2);
    for (const [name, extension] of rng.sample(TASK_FILES, count)) {
      const end = t.finishedAt ?? BASE_DATE;
      rows.push(
        fileRow(
          rng,
          { type: "task", taskId: t.id },
          {
            name: `${name}.${extension}`,
            extension,
            createdById: rng.pick(t.people).id,
            createdAt: between(rng, t.createdAt, end),
            categoryId: extension === "png" && name.startsWith("Makieta") ? category("Projekty graficzne") : null,
          },
        ),
      );
    }
  }

  await ctx.out.insert("file", rows);
}
