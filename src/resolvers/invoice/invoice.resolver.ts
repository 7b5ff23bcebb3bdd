import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { CreateInvoiceInput } from "../../inputs/invoice/create-invoice.input";
import { Invoice } from "../../types/invoice/invoice.type";
import { createInvoice } from "../../services/invoice/invoice-creation.service";
import { invoiceEntity } from "../../services/invoice/invoice.read";
import { listCost } from "../../domain/list-cost";

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
    description: "The related invoice: for a correction, the invoice it corrects; for a settlement (Roz), the advance invoice (Zal) it settles; for an invoice issued from a pro forma (fv, Vat, Zal), that pro forma (pf); else null.",
  })
  @Authorized(rules.asParent)
  invoice(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Promise<Invoice | null> | null {
    const id = invoice.correctedInvoiceId ?? invoice.relatedInvoiceId;
    return id ? ctx.loaders.load(invoiceEntity, id) : null;
  }

  @FieldResolver(() => [Invoice], { complexity: listCost(10), description: "The corrections of this invoice, oldest first." })
  @Authorized(rules.asParent)
  async corrects(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Promise<Invoice[]> {
    const loaded = await Promise.all(invoice.correctionIds.map((id) => ctx.loaders.load(invoiceEntity, id)));
    return loaded.filter((c): c is Invoice => c !== null);
  }

  @FieldResolver(() => Invoice, {
    nullable: true,
    description: "For a correction: the correction of the same invoice made just before it, if any.",
  })
  @Authorized(rules.asParent)
  prevCorrect(@Root() invoice: Invoice, @Ctx() ctx: AuthedContext): Promise<Invoice | null> | null {
    return invoice.prevCorrectId ? ctx.loaders.load(invoiceEntity, invoice.prevCorrectId) : null;
  }
}
