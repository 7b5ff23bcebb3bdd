import type { DataPort } from "../../db/database";
import { ConflictError } from "../../errors/errors";
import type { CreateCurrencyDictionaryInput } from "../../inputs/invoice/create-currency-dictionary.input";
import type { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import { isUniqueViolation } from "../shared/retry";

const SELECT = { id: true, name: true, code: true, isDefault: true } as const;

/** E18. Codes are unique; a new default clears the old one in the same transaction. */
export async function createCurrencyDictionary({ db }: DataPort, input: CreateCurrencyDictionaryInput): Promise<CurrencyDictionary> {
  const code = input.code.toUpperCase();
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.currencyDictionary.findUnique({ where: { code }, select: { id: true } })) {
        throw new ConflictError("input.code must be unique: a currency with this code exists already.", "input.code");
      }
      if (input.isDefault) await tx.currencyDictionary.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
      return tx.currencyDictionary.create({ data: { name: input.name, code, isDefault: input.isDefault }, select: SELECT });
    });
  } catch (error) {
    // two concurrent creations of one code: the unique index decides
    if (isUniqueViolation(error)) throw new ConflictError("input.code must be unique: a currency with this code exists already.", "input.code");
    throw error;
  }
}
