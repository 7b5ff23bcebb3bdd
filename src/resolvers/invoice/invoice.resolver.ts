import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { Invoice } from "../../types/invoice/invoice.type";
import { createInvoice } from "../../services/invoice/invoice-creation.service";
import { invoiceEntity } from "../../services/invoice/invoice.read";
import { listCost, MAX_CORRECTIONS } from "../../domain/list-cost";

@Resolver(() => Invoice)
export class InvoiceResolver {
  @Mutation(() => Invoice, {
    nullable: true,
    description:
      "E4: creates an invoice (or a correction of one) with its items, amounts and number, in one transaction. Admins, finance users, and managers of the invoice's project may.",
  })
  @Authorized(rules.issueInvoice)
  async createInvoice(
    @Arg("input", () => CreateInvoiceInput, { description: "The new invoice." }) input: CreateInvoiceInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<Invoice | null> {
    return ctx.loaders.loadWritten(invoiceEntity, await createInvoice(ctx, input));
  }

  @FieldResolver(() => Invoice, {
    nullable: true,
    description:
      "The related invoice: for a correction, the invoice it corrects; for a settlement (Roz), the advance invoice (Zal) it settles; for an invoice issued from a pro forma (fv, Vat, Zal), that pro forma (pf); else null.",
  })
  @Authorized(rules.asParent)
  invoice(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice | null | Promise<Invoice | null> {
    const id = invoice.correctedInvoiceId ?? invoice.relatedInvoiceId;
    return id ? ctx.loaders.loadNow(invoiceEntity, id) : null;
  }

  @FieldResolver(() => [Invoice], {
    complexity: listCost(MAX_CORRECTIONS),
    description: `The corrections of this invoice, oldest first: at most ${MAX_CORRECTIONS} (an invoice takes no more).`,
  })
  @Authorized(rules.asParent)
  corrects(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice[] | Promise<Invoice[]> {
    return ctx.loaders.loadAll(invoiceEntity, invoice.correctionIds);
  }

  @FieldResolver(() => Invoice, {
    nullable: true,
    description: "For a correction: the correction of the same invoice made just before it, if any.",
  })
  @Authorized(rules.asParent)
  prevCorrect(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Invoice | null | Promise<Invoice | null> {
    return invoice.prevCorrectId ? ctx.loaders.loadNow(invoiceEntity, invoice.prevCorrectId) : null;
  }
}
