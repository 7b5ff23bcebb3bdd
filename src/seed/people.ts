import type { Random } from "./random";

/**
 * Names for the demo people: mostly Polish (with the feminine form of surnames where Polish has
 * one), some English, as in an international Kraków team.
 */
export type Gender = "f" | "m";

const FIRST_NAMES: Record<Gender, string[]> = {
  f: [
    "Anna",
    "Magdalena",
    "Agnieszka",
    "Joanna",
    "Aleksandra",
    "Monika",
    "Ewa",
    "Natalia",
    "Karolina",
    "Zofia",
    "Julia",
    "Paulina",
    "Justyna",
    "Weronika",
    "Dominika",
    "Barbara",
    "Olga",
    "Emilia",
    "Małgorzata",
    "Beata",
  ],
  m: [
    "Tomasz",
    "Paweł",
    "Michał",
    "Krzysztof",
    "Marcin",
    "Jakub",
    "Łukasz",
    "Adam",
    "Mateusz",
    "Kamil",
    "Bartosz",
    "Grzegorz",
    "Wojciech",
    "Rafał",
    "Jan",
    "Szymon",
    "Filip",
    "Dawid",
    "Maciej",
    "Sebastian",
  ],
};

/** [masculine, feminine] surname forms. */
const SURNAMES: [string, string][] = [
  ["Nowak", "Nowak"],
  ["Kowalski", "Kowalska"],
  ["Kowalczyk", "Kowalczyk"],
  ["Kamiński", "Kamińska"],
  ["Lewandowski", "Lewandowska"],
  ["Szymański", "Szymańska"],
  ["Woźniak", "Woźniak"],
  ["Dąbrowski", "Dąbrowska"],
  ["Kozłowski", "Kozłowska"],
  ["Jankowski", "Jankowska"],
  ["Mazur", "Mazur"],
  ["Kwiatkowski", "Kwiatkowska"],
  ["Krawczyk", "Krawczyk"],
  ["Piotrowski", "Piotrowska"],
  ["Grabowski", "Grabowska"],
  ["Pawłowski", "Pawłowska"],
  ["Michalski", "Michalska"],
  ["Król", "Król"],
  ["Wieczorek", "Wieczorek"],
  ["Jabłoński", "Jabłońska"],
  ["Wróbel", "Wróbel"],
  ["Majewski", "Majewska"],
  ["Olszewski", "Olszewska"],
  ["Stępień", "Stępień"],
  ["Malinowski", "Malinowska"],
  ["Jaworski", "Jaworska"],
  ["Adamczyk", "Adamczyk"],
  ["Dudek", "Dudek"],
  ["Nowicki", "Nowicka"],
  ["Pawlak", "Pawlak"],
  ["Górski", "Górska"],
  ["Sikora", "Sikora"],
  ["Walczak", "Walczak"],
  ["Baran", "Baran"],
  ["Rutkowski", "Rutkowska"],
  ["Michalak", "Michalak"],
  ["Ostrowski", "Ostrowska"],
  ["Zając", "Zając"],
  ["Wilk", "Wilk"],
  ["Kubiak", "Kubiak"],
];

const ENGLISH_NAMES: Record<Gender, [string, string][]> = {
  f: [
    ["Emily", "Clarke"],
    ["Sophie", "Turner"],
    ["Hannah", "Price"],
    ["Charlotte", "Reed"],
    ["Grace", "Holloway"],
    ["Olivia", "Marsh"],
  ],
  m: [
    ["James", "Whitaker"],
    ["Oliver", "Bennett"],
    ["Daniel", "Hughes"],
    ["Liam", "O'Connor"],
    ["Ethan", "Brooks"],
    ["Henry", "Lawson"],
  ],
};

export interface PersonName {
  firstName: string;
  lastName: string;
  gender: Gender;
}

/** Draws names without repeating a full name already in `taken` (which it updates). */
export function drawName(rng: Random, taken: Set<string>, englishShare = 0.12): PersonName {
  for (let attempt = 0; ; attempt++) {
    const gender: Gender = rng.chance(0.5) ? "f" : "m";
    let firstName: string;
    let lastName: string;
    if (rng.chance(englishShare)) {
      [firstName, lastName] = rng.pick(ENGLISH_NAMES[gender]);
    } else {
      firstName = rng.pick(FIRST_NAMES[gender]);
      lastName = surname(rng, gender);
      // Once the simple combinations run short (large scales), double-barrelled surnames keep names unique.
      if (attempt >= 30) lastName = `${lastName}-${surname(rng, gender)}`;
    }
    const full = `${firstName} ${lastName}`;
    if (!taken.has(full)) {
      taken.add(full);
      return { firstName, lastName, gender };
    }
  }
}

function surname(rng: Random, gender: Gender): string {
  const [masculine, feminine] = rng.pick(SURNAMES);
  return gender === "f" ? feminine : masculine;
}
