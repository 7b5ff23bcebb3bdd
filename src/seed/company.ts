import type { Random } from "./random";

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * The organisation the demo data belongs to: a Kraków software house. Its details appear as the
 * seller on income invoices, in e-mail addresses and in file URLs.
 */
export const COMPANY = {
  name: "Kompas Software",
  fullName: "Kompas Software Sp. z o.o.",
  domain: "kompas-software.pl",
  nip: nipWithChecksum("676248192"),
  street: "ul. Rakowicka 14",
  zipCode: "31-511",
  city: "Kraków",
  countryCode: "PL",
  bankAccount: "PL61109010140000071219812874",
  bankAccountSwift: "WBKPPLPP",
  cdnUrl: "https://cdn.kompas-software.pl",
  filesUrl: "https://files.kompas-software.pl",
  appUrl: "https://app.kompas-software.pl",
} as const;

/** Appends the check digit to nine NIP digits (the Polish tax id); throws for the few prefixes that have none. */
export function nipWithChecksum(nineDigits: string): string {
  const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(nineDigits[i]), 0);
  const check = sum % 11;
  if (check === 10) throw new Error(`no valid NIP starts with ${nineDigits}`);
  return nineDigits + String(check);
}

/** A random NIP with a valid check digit. */
export function randomNip(rng: Random): string {
  for (;;) {
    const prefix = String(rng.int(1, 9)) + rng.digits(8);
    const sum = NIP_WEIGHTS.reduce((acc, w, i) => acc + w * Number(prefix[i]), 0);
    if (sum % 11 !== 10) return prefix + String(sum % 11);
  }
}

/** A Polish IBAN (PL + two check digits + 24 digits) whose check digits are valid (ISO 13616, mod 97). */
export function polishIban(rng: Random): string {
  const bban = rng.digits(24);
  // "PL00" moved to the end, letters as numbers (P = 25, L = 21).
  const check = 98n - (BigInt(`${bban}252100`) % 97n);
  return `PL${String(check).padStart(2, "0")}${bban}`;
}

/** A Polish mobile number as people write it: "+48 601 234 567". */
export function phoneNumber(rng: Random): string {
  return `+48 ${rng.pick(["50", "51", "53", "60", "66", "69", "72", "78", "79", "88"])}${rng.digits(1)} ${rng.digits(3)} ${rng.digits(3)}`;
}

/** The colours the application offers for decorators: the task types' value set. */
export { TASK_TYPE_DECORATORS as DECORATORS } from "../inputs/task/update-task-type.input";
