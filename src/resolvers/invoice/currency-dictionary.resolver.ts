import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
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
  @Authorized(rules.currencies)
  async createCurrencyDictionary(
    @Arg("input", () => CreateCurrencyDictionaryInput, { description: "The new currency." }) input: CreateCurrencyDictionaryInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<CurrencyDictionary | null> {
    return ctx.loaders.loadWritten(currencyDictionaryEntity, await createCurrencyDictionary(ctx, input));
  }
}
