import type { SeedContext } from "./context";
import { addMinutes, BASE_DATE, between, isoDay, laterBefore } from "./dates";
import { demoIds } from "./demo-ids";
import { fileRow } from "./files.seed";
import type { RowOf } from "./insert";
import type { SeedTask, TasksWorld } from "./tasks.seed";
import type { SeedUser, UsersWorld } from "./users.seed";

/** `{mention}` becomes "@First Last" of a board member, who also gets a mention row. */
const TOP_LEVEL = [
  "Zaczynam pracę nad tym zadaniem, pierwsza wersja będzie na review jutro.",
  "{mention} możesz zerknąć na zmiany w PR? Link jest w opisie zadania.",
  "Klient potwierdził zakres na spotkaniu statusowym, można kontynuować.",
  "Blocked: waiting for test environment credentials from the client.",
  "Wrzuciłam makiety do załączników, proszę o uwagi do piątku.",
  "Po testach na UAT: dwa drobne błędy, opisane w checkliście.",
  "Przesuwam termin o dwa dni, czekamy na dane z SAP.",
  "Done on my side, moving to QA. {mention} please take a look.",
  "Czy to zadanie obejmuje też wersję mobilną?",
  "Zaktualizowałem dokumentację w Confluence.",
  "{mention} potrzebuję decyzji: wariant A czy B z notatki?",
  "Szacunek się nie zmienia, zostaje 2 dni pracy.",
];

const REPLIES = [
  "Dzięki, zerknę dziś po południu.",
  "Tak, wersja mobilna jest w osobnym zadaniu.",
  "OK, potwierdzam.",
  "Sounds good, thanks!",
  "Poprawione, proszę o retest.",
  "Mam pytanie do drugiego punktu, zadzwonię.",
  "{mention} zgadzam się, bierzemy wariant B.",
  "Sprawdzone na UAT, działa.",
];

const EMOJIS = ["👍", "🎉", "🚀", "👀", "✅"];
const REACTIONS = ["thumbs_up", "heart", "tada", "eyes", "rocket"];

/** The showcase task's discussion: ten threads, several with replies, one with a long exchange. */
const SHOWCASE_THREAD: { text: string; replies: string[] }[] = [
  { text: "Startujemy z harmonogramem tygodniowym. Backend biorę ja, frontend {mention}.", replies: ["OK, zaczynam od widoku siatki."] },
  {
    text: "Pytanie do klienta: czy zlecenia z SAP mogą zmieniać gniazdo robocze po wydaniu na produkcję?",
    replies: [
      "Z tego, co mówił kierownik hali B – tak, ale tylko do rozpoczęcia operacji.",
      "To oznacza, że przeciąganie musi sprawdzać status operacji. Dopisuję do checklisty.",
      "{mention} potwierdzam po rozmowie z Nordmet: blokujemy zmianę po starcie operacji.",
      "Super, dzięki. Zamykam temat.",
    ],
  },
  { text: "Model danych gotowy, migracja w PR #412.", replies: ["Review zrobione, dwie drobne uwagi w PR."] },
  { text: "👍", replies: [] },
  {
    text: "Import IDoc działa na danych z hali B, 1 240 zleceń w 3,2 s.",
    replies: ["Świetny wynik!", "Sprawdźmy jeszcze na pełnym miesiącu danych."],
  },
  { text: "{mention} czy walidacja kolizji ma uwzględniać przezbrojenia?", replies: ["Tak, czas przezbrojenia jest w danych gniazda."] },
  { text: "Zrzut ekranu widoku tygodniowego w załączniku, proszę o uwagi.", replies: [] },
  { text: "Performance: rendering 500 orders takes 900 ms, I'll add virtualization.", replies: ["Good call."] },
  { text: "Demo dla kierowników zmian umówione na czwartek 10:00.", replies: ["Będę.", "Ja też, przygotuję dane demo."] },
  { text: "Przypomnienie: po demo zbieramy poprawki w checkliście „Odbiór”.", replies: [] },
];

/** Threaded task comments with mentions, reactions and attached files. */
export async function seedComments(ctx: SeedContext, tasks: TasksWorld, users: UsersWorld): Promise<void> {
  const rng = ctx.rng.fork("comments");
  const topRows: RowOf<"taskComment">[] = [];
  const replyRows: RowOf<"taskComment">[] = [];
  const mentionRows: RowOf<"taskCommentMention">[] = [];
  const reactionRows: RowOf<"taskCommentReaction">[] = [];
  const fileRows: RowOf<"file">[] = [];

  const write = (
    task: SeedTask,
    author: SeedUser,
    template: string,
    createdAt: Date,
    parentId: string | null,
    options: { id?: string; source?: string } = {},
  ) => {
    const id = options.id ?? rng.uuid();
    let content = template;
    const others = [...task.people, task.project.pmActive].filter((u) => u.id !== author.id);
    const mentioned = template.includes("{mention}") ? rng.pick(others) : null;
    if (mentioned) content = template.replace("{mention}", `@${mentioned.firstName} ${mentioned.lastName}`);
    const isEmoji = EMOJIS.includes(content);
    (parentId ? replyRows : topRows).push({
      id,
      taskId: task.id,
      content,
      isEmoji,
      createdById: author.id,
      createdBySource: options.source ?? "user",
      repliesToId: parentId,
      createdAt,
      // Now and then a comment was edited a little later.
      updatedAt: rng.chance(0.1) ? laterBefore(rng, createdAt, 1) : createdAt,
    });
    if (mentioned) mentionRows.push({ id: rng.uuid(), commentId: id, userId: mentioned.id });
    if (!isEmoji && rng.chance(0.3)) {
      for (const reactor of rng.sample(
        task.people.filter((u) => u.id !== author.id),
        rng.int(1, 3),
      )) {
        reactionRows.push({ id: rng.uuid(), commentId: id, userId: reactor.id, reactionType: rng.pick(REACTIONS) });
      }
    }
    return id;
  };

  const attach = (commentId: string, author: SeedUser, createdAt: Date, name: string, extension: string) =>
    fileRows.push(fileRow(rng, { type: "task-comment", taskCommentId: commentId }, { name, extension, createdById: author.id, createdAt }));

  for (const task of tasks.tasks) {
    const window = { from: addMinutes(task.createdAt, 30), to: task.finishedAt ?? addMinutes(BASE_DATE, -30) };
    if (window.to <= window.from) continue;

    if (task.id === demoIds.taskId) {
      const authors = [users.user, users.pm, ...task.people.filter((u) => u.id !== users.user.id && u.id !== users.pm.id)];
      const times = SHOWCASE_THREAD.map(() => between(rng, window.from, window.to)).sort((a, b) => a.getTime() - b.getTime());
      SHOWCASE_THREAD.forEach((thread, i) => {
        const author = authors[i % authors.length];
        const id = write(task, author, thread.text, times[i], null, { id: i === 1 ? demoIds.commentWithRepliesId : undefined });
        if (i === 6) attach(id, author, times[i], "Harmonogram – widok tygodniowy.png", "png");
        let at = times[i];
        thread.replies.forEach((reply, k) => {
          at = laterBefore(rng, at, 1);
          const replier = authors[(i + k + 1) % authors.length];
          const replyId = write(task, replier, reply, at, id);
          if (i === 4 && k === 1) attach(replyId, replier, at, "Wyniki importu – pełny miesiąc.xlsx", "xlsx");
        });
      });
      continue;
    }

    if (!rng.chance(0.4)) continue;
    const count = rng.int(1, 5);
    for (let i = 0; i < count; i++) {
      const author = rng.pick(task.people);
      const createdAt = between(rng, window.from, window.to);
      const kind = rng.next();
      let id: string;
      if (kind < 0.08) {
        const deadline = task.dateEnd ? isoDay(task.dateEnd) : "nieokreślony";
        id = write(task, author, `Zmieniono termin zakończenia zadania na ${deadline}.`, createdAt, null, { source: "system" });
      } else if (kind < 0.13 && task.project.client) {
        // A client's e-mail reply lands on the task under the PM who runs the thread.
        const text = `Odpowiedź z e-maila od ${task.project.client.name}: dziękujemy, zakres potwierdzamy, dane testowe prześlemy do końca tygodnia.`;
        id = write(task, task.project.pmActive, text, createdAt, null, { source: "email" });
      } else if (kind < 0.2) {
        id = write(task, author, rng.pick(EMOJIS), createdAt, null);
      } else {
        id = write(task, author, rng.pick(TOP_LEVEL), createdAt, null);
      }
      if (rng.chance(0.08)) attach(id, author, createdAt, "Zrzut ekranu.png", "png");
      if (rng.chance(0.3)) {
        let at = createdAt;
        for (let k = rng.int(1, 3); k > 0; k--) {
          at = laterBefore(rng, at, 2);
          write(task, rng.pick(task.people), rng.pick(REPLIES), at, id);
        }
      }
    }
  }

  // Replies reference their parent, so every top-level comment is written first.
  await ctx.out.insert("taskComment", [...topRows, ...replyRows]);
  await ctx.out.insert("taskCommentMention", mentionRows);
  await ctx.out.insert("taskCommentReaction", dedupeReactions(reactionRows));
  await ctx.out.insert("file", fileRows);
}

/** One reaction of a kind per person and comment (the table's unique key). */
function dedupeReactions(rows: RowOf<"taskCommentReaction">[]): RowOf<"taskCommentReaction">[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.commentId}/${r.userId}/${r.reactionType}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
