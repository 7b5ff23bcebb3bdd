import type { GraphQLResolveInfo } from "graphql";
import { Arg, Authorized, Ctx, FieldResolver, Info, Mutation, Resolver, Root } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateCurrencyDictionaryInput } from "../../inputs/invoice/create-currency-dictionary.input";
import { CurrencyDictionary } from "../../types/invoice/currency-dictionary.type";
import { createCurrencyDictionary } from "../../services/invoice/currency-dictionary.service";
import { currencyDictionaryEntity, invoiceEntity } from "../../services/invoice/invoice.read";
import { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { Invoice } from "../../types/invoice/invoice.type";
import { createInvoice } from "../../services/invoice/invoice-creation.service";
import { listCost, MAX_CORRECTIONS } from "../../domain/list-cost";
import { Selection } from "../../services/shared/look-ahead";

@Resolver(() => Invoice)
export class InvoiceResolver {
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

  @Mutation(() => Invoice, {
    nullable: true,
    description:
      "E4: creates an invoice (or a correction of one) with its items, amounts and number, in one transaction. Admins, finance users, and managers of the invoice's project may.",
  })
  @Authorized(rules.issueInvoice)
  async createInvoice(
    @Arg("input", () => CreateInvoiceInput, { description: "The new invoice." }) input: CreateInvoiceInput,
    @Ctx() ctx: AuthedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Invoice | null> {
    return ctx.loaders.loadWritten(invoiceEntity, await createInvoice(ctx, input), Selection.of(info));
  }

  // the type, nullability and description of these fields are declared once, on Invoice; a field
  // resolver's complexity replaces the field's, so the list's cap is given again on `corrects`
  @FieldResolver()
  @Authorized(rules.asParent)
  invoice(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice | null | Promise<Invoice | null> {
    const id = invoice.correctedInvoiceId ?? invoice.relatedInvoiceId;
    return id ? ctx.loaders.loadNow(invoiceEntity, id) : null;
  }

  @FieldResolver({ complexity: listCost(MAX_CORRECTIONS) })
  @Authorized(rules.asParent)
  corrects(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice[] | Promise<Invoice[]> {
    return ctx.loaders.loadAll(invoiceEntity, invoice.correctionIds);
  }

  @FieldResolver()
  @Authorized(rules.asParent)
  prevCorrect(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice | null | Promise<Invoice | null> {
    return invoice.prevCorrectId ? ctx.loaders.loadNow(invoiceEntity, invoice.prevCorrectId) : null;
  }
}
