import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { assert, canCreateCurrency } from "../../auth/policy";
import { CreateCurrencyDictionaryInput } from "../../inputs/invoice/create-currency-dictionary.input";
import { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import { createCurrencyDictionary } from "../../services/invoice/currency-dictionary.service";
import { currencyDictionaryEntity } from "../../services/invoice/invoice.read";

@Resolver(() => CurrencyDictionary)
export class CurrencyDictionaryResolver {
  @Mutation(() => CurrencyDictionary, {
    nullable: true,
    description: "E18: adds a currency. An existing code is CONFLICT; isDefault: true makes it the only default.",
  })
  async createCurrencyDictionary(
    @Arg("input", () => CreateCurrencyDictionaryInput, { description: "The new currency." }) input: CreateCurrencyDictionaryInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<CurrencyDictionary | null> {
    assert(canCreateCurrency(ctx.viewer), "Only an admin or a finance user may add currencies.");
    return ctx.loaders.loadWritten(currencyDictionaryEntity, await createCurrencyDictionary(ctx.db, input));
  }
}
