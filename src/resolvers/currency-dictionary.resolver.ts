import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { assert, canCreateCurrency } from "../auth/policy";
import { CreateCurrencyDictionaryInput } from "../inputs/invoice/create-currency-dictionary.input";
import { CurrencyDictionary } from "../types/invoice/currency-dictionary.type";
import { createCurrencyDictionary } from "../services/invoice/currency-dictionary.service";

@Resolver(() => CurrencyDictionary)
export class CurrencyDictionaryResolver {
  @Mutation(() => CurrencyDictionary, {
    nullable: true,
    description: "E18: adds a currency. An existing code is CONFLICT; isDefault: true makes it the only default.",
  })
  createCurrencyDictionary(
    @Arg("input", () => CreateCurrencyDictionaryInput, { description: "The new currency." }) input: CreateCurrencyDictionaryInput,
    @Ctx() ctx: Context,
  ): Promise<CurrencyDictionary> {
    assert(canCreateCurrency(viewerOf(ctx)), "Only an admin or a finance user may add currencies.");
    return createCurrencyDictionary(ctx.db, input);
  }
}
