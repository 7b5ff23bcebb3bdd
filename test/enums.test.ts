import { isEnumType } from "graphql";
import { createTestApp, demoIds, gql, type TestApp } from "./support/test-app";
import { enumName } from "../src/types/shared/enums";

/**
 * The closed value sets as GraphQL enums: typed for clients, unknown values refused by GraphQL
 * validation before any resolver, stored strings unchanged underneath.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENUMS = [
  "InvoiceType",
  "InvoiceDirection",
  "KsefMarker",
  "BuyerIdentifierType",
  "PaymentMethod",
  "InvoiceLanguage",
  "TaxRate",
  "GtuCode",
  "UserRole",
  "BoardUserRole",
  "FileTargetType",
  "ProjectCreationStatus",
];

describe("closed value sets as enums", () => {
  it("are enums with a description on the type and on every value", () => {
    for (const name of ENUMS) {
      const type = t.app.schema.getType(name);
      expect(isEnumType(type)).toBe(true);
      if (!isEnumType(type)) continue;
      expect(type.description?.length).toBeGreaterThan(10);
      for (const value of type.getValues()) expect(value.description ?? "").not.toBe("");
    }
  });

  it("map each stored string to one name, unchanged where it is a GraphQL name", () => {
    expect(enumName("Vat")).toBe("Vat");
    expect(enumName("vat_eu")).toBe("vat_eu");
    expect(enumName("leader-active")).toBe("leader_active");
    expect(enumName("task-comment")).toBe("task_comment");
    expect(enumName("23")).toBe("RATE_23");
    expect(enumName("0")).toBe("RATE_0");
    for (const name of ENUMS) {
      const type = t.app.schema.getType(name);
      if (!isEnumType(type)) continue;
      const stored = type.getValues().map((v) => v.value as string);
      expect(new Set(stored).size).toBe(stored.length);
      for (const v of type.getValues()) expect(v.name).toBe(enumName(v.value as string));
    }
  });

  it("refuse an unknown value in a document as GRAPHQL_VALIDATION_FAILED, before any resolver", async () => {
    const r = await t.gql(gql`{ users(filter: { hasRole: [admni] }) { paginationInfo { totalCount } } }`);
    expect(r.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(r.data).toBeUndefined();
  });

  it("refuse an unknown value in variables as BAD_USER_INPUT naming the field, without echoing it", async () => {
    const r = await t.gql(gql`query ($f: UserFilter) { users(filter: $f) { paginationInfo { totalCount } } }`, {
      f: { hasRole: ["superuser"] },
    });
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(r.errors)).not.toContain("superuser");
  });

  it("filter by role: the enum value reaches the service as the stored role", async () => {
    const all = await t.gql(gql`{ users(filter: { hasRole: [finance] }) { items { id } paginationInfo { totalCount } } }`);
    expect(all.errors).toBeUndefined();
    const stored = await t.db.user.count({ where: { roles: { some: { role: "finance" } } } });
    expect(all.data!.users.paginationInfo.totalCount).toBe(stored);
    expect(stored).toBeGreaterThan(0);
  });

  it("answer stored values as enum names (RATE_23 for 23) and store enum inputs as the stored strings", async () => {
    const r = await t.gql(
      gql`mutation ($n: ID!, $b: ID!) { createInvoice(input: { invoiceType: Vat, direction: income, fileGeneratedLanguage: en, paymentMethod: transfer_and_cash,
        buyerIdentifierType: vat_eu, isDraft: true, numbering: $n, buyerId: $b,
        items: [{ positionName: "A", count: 1, priceUnit: 100, tax: RATE_23, gtu: GTU_05 }, { positionName: "B", count: 1, priceUnit: 100, tax: zw }] }) {
        id invoiceType direction fileGeneratedLanguage paymentMethod buyerIdentifierType items { tax gtu vatAmount } } }`,
      { n: demoIds.invoiceNumberingId, b: demoIds.contractorId },
    );
    expect(r.errors).toBeUndefined();
    const inv = r.data!.createInvoice;
    expect(inv).toMatchObject({
      invoiceType: "Vat",
      direction: "income",
      fileGeneratedLanguage: "en",
      paymentMethod: "transfer_and_cash",
      buyerIdentifierType: "vat_eu",
    });
    expect(inv.items).toEqual([
      { tax: "RATE_23", gtu: "GTU_05", vatAmount: 23 },
      { tax: "zw", gtu: null, vatAmount: 0 },
    ]);
    const items = await t.db.invoiceItem.findMany({ where: { invoiceId: inv.id }, orderBy: { order: "asc" } });
    expect(items.map((i) => i.tax)).toEqual(["23", "zw"]);
  });
});
