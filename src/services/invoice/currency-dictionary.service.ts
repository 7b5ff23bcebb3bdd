import type { DataPort } from "../../db/database";
import { ConflictError } from "../../errors/errors";
import type { CreateCurrencyDictionaryInput } from "../../inputs/invoice/create-currency-dictionary.input";
import type { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import { retryOnUniqueViolation } from "../shared/retry";

const SELECT = { id: true, name: true, code: true, isDefault: true } as const;

const CODE_TAKEN = "input.code must be unique: a currency with this code exists already.";

/**
 * E18. Codes are unique; a new default clears the old one in the same transaction. The database
 * holds at most one default (a partial unique index): of concurrent switches one commits and the
 * others lose on the index and run again, then clearing the new default. A race for one code
 * ends in the code's CONFLICT when the loser runs again.
 */
export async function createCurrencyDictionary({ db }: DataPort, input: CreateCurrencyDictionaryInput): Promise<CurrencyDictionary> {
  const code = input.code.toUpperCase();
  const race = { attempts: 8, conflict: "Another currency became the default at the same moment; try again.", field: "input.isDefault" };
  return retryOnUniqueViolation(race, () =>
    db.$transaction(async (tx) => {
      if (await tx.currencyDictionary.findUnique({ where: { code }, select: { id: true } }))
        throw new ConflictError(CODE_TAKEN, "input.code");
      if (input.isDefault) await tx.currencyDictionary.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
      return tx.currencyDictionary.create({ data: { name: input.name, code, isDefault: input.isDefault }, select: SELECT });
    }),
  );
}
