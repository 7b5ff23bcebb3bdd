import { Prisma } from "../db/client";
import type { SeedContext } from "./context";
import type { RowOf } from "./insert";
import type { Random } from "./random";

export type FieldScope = "project" | "contractor";
export type FieldDataType = "text" | "float" | "datetime" | "select" | "users" | "department";

export interface FieldDefinition {
  id: string;
  name: string;
  scope: FieldScope;
  dataType: FieldDataType;
  /** Select options by value. */
  options: Map<string, string>;
}

interface DefinitionBlueprint {
  name: string;
  scope: FieldScope;
  dataType: FieldDataType;
  description: string;
  float?: { displayType: string; decimalPlaces: number; currencyCode: string };
  options?: { value: string; decorator: string }[];
}

const DEFINITIONS: DefinitionBlueprint[] = [
  { name: "Numer umowy", scope: "project", dataType: "text", description: "Numer umowy z klientem, jak w systemie obiegu dokumentów." },
  { name: "Model rozliczenia", scope: "project", dataType: "text", description: "Jak i kiedy fakturujemy klienta za ten projekt." },
  {
    name: "Wartość kontraktu",
    scope: "project",
    dataType: "float",
    description: "Wartość netto umowy.",
    float: { displayType: "currency", decimalPlaces: 2, currencyCode: "PLN" },
  },
  {
    name: "Marża docelowa",
    scope: "project",
    dataType: "float",
    description: "Zakładana marża na projekcie (procent).",
    float: { displayType: "percent", decimalPlaces: 1, currencyCode: "" },
  },
  { name: "Data podpisania umowy", scope: "project", dataType: "datetime", description: "Data złożenia ostatniego podpisu pod umową." },
  {
    name: "Priorytet",
    scope: "project",
    dataType: "select",
    description: "Priorytet projektu w portfelu firmy.",
    options: [
      { value: "Niski", decorator: "#78909c" },
      { value: "Średni", decorator: "#2490e3" },
      { value: "Wysoki", decorator: "#f57f17" },
      { value: "Krytyczny", decorator: "#d32f2f" },
    ],
  },
  {
    name: "Technologie",
    scope: "project",
    dataType: "select",
    description: "Główne technologie projektu (wielokrotny wybór).",
    options: [
      { value: "React", decorator: "#2490e3" },
      { value: "Angular", decorator: "#d32f2f" },
      { value: "Node.js", decorator: "#44a069" },
      { value: ".NET", decorator: "#9c27b0" },
      { value: "Flutter", decorator: "#00bfa5" },
      { value: "PostgreSQL", decorator: "#003366" },
      { value: "Azure", decorator: "#987284" },
    ],
  },
  { name: "Komitet sterujący", scope: "project", dataType: "users", description: "Osoby zatwierdzające zmiany zakresu i budżetu." },
  {
    name: "Dział odpowiedzialny",
    scope: "project",
    dataType: "department",
    description: "Dział, który odpowiada za dostarczenie projektu.",
  },
  {
    name: "Segment klienta",
    scope: "contractor",
    dataType: "select",
    description: "Segment rynku, do którego należy kontrahent.",
    options: [
      { value: "SMB", decorator: "#44a069" },
      { value: "Mid-market", decorator: "#2490e3" },
      { value: "Enterprise", decorator: "#003366" },
      { value: "Sektor publiczny", decorator: "#987284" },
    ],
  },
  { name: "Opiekun handlowy", scope: "contractor", dataType: "users", description: "Osoby z działu sprzedaży prowadzące relację." },
  {
    name: "Limit kredytowy",
    scope: "contractor",
    dataType: "float",
    description: "Maksymalna kwota nieopłaconych faktur.",
    float: { displayType: "currency", decimalPlaces: 2, currencyCode: "PLN" },
  },
  {
    name: "Kod w systemie ERP",
    scope: "contractor",
    dataType: "text",
    description: "Identyfikator kartoteki kontrahenta w systemie księgowym.",
  },
  {
    name: "Data ostatniego audytu",
    scope: "contractor",
    dataType: "datetime",
    description: "Kiedy ostatnio weryfikowaliśmy dane i wiarygodność kontrahenta.",
  },
  { name: "Dział obsługujący", scope: "contractor", dataType: "department", description: "Dział pierwszego kontaktu dla kontrahenta." },
];

export interface CustomFieldsWorld {
  definitions: FieldDefinition[];
  byName: Map<string, FieldDefinition>;
}

/** Custom field definitions (projects and contractors) with their select options. */
export async function seedCustomFields(ctx: SeedContext): Promise<CustomFieldsWorld> {
  const rng = ctx.rng.fork("custom-fields");
  const definitions: FieldDefinition[] = [];
  const definitionRows: RowOf<"customFieldDefinition">[] = [];
  const optionRows: RowOf<"customFieldSelectOption">[] = [];
  const weights: Record<FieldScope, number> = { project: 0, contractor: 0 };

  for (const b of DEFINITIONS) {
    const id = rng.uuid();
    const options = new Map<string, string>();
    (b.options ?? []).forEach((o, i) => {
      const optionId = rng.uuid();
      options.set(o.value, optionId);
      optionRows.push({ id: optionId, definitionId: id, value: o.value, weight: i + 1, decorator: o.decorator });
    });
    definitions.push({ id, name: b.name, scope: b.scope, dataType: b.dataType, options });
    definitionRows.push({
      id,
      name: b.name,
      weight: ++weights[b.scope],
      description: b.description,
      scope: b.scope,
      dataType: b.dataType,
      floatDisplayType: b.float?.displayType ?? "float",
      floatDecimalPlaces: b.float?.decimalPlaces ?? 2,
      floatCurrencyCode: b.float?.currencyCode ?? "",
    });
  }

  await ctx.out.insert("customFieldDefinition", definitionRows);
  await ctx.out.insert("customFieldSelectOption", optionRows);
  return { definitions, byName: new Map(definitions.map((d) => [d.name, d])) };
}

/** Who a value belongs to: exactly one of a project, a project template or a contractor. */
export type FieldOwner = { projectId: string } | { projectTemplateId: string } | { contractorId: string };

export type FieldInput =
  { text: string } | { float: number } | { dateTime: Date } | { departmentId: string } | { options: string[] } | { userIds: string[] };

/** Collects custom field values for one owner kind, then writes them (values before their selections). */
export class CustomFieldValues {
  private readonly values: RowOf<"customFieldValue">[] = [];
  private readonly selectedOptions: RowOf<"customFieldValueSelectOption">[] = [];
  private readonly selectedUsers: RowOf<"customFieldValueUser">[] = [];

  constructor(
    private readonly fields: CustomFieldsWorld,
    private readonly rng: Random,
  ) {}

  set(owner: FieldOwner, fieldName: string, input: FieldInput): void {
    const definition = this.fields.byName.get(fieldName);
    if (!definition) throw new Error(`unknown custom field "${fieldName}"`);
    const expected: Record<FieldDataType, string> = {
      text: "text",
      float: "float",
      datetime: "dateTime",
      department: "departmentId",
      select: "options",
      users: "userIds",
    };
    if (!(expected[definition.dataType] in input)) throw new Error(`"${fieldName}" is a ${definition.dataType} field`);

    const id = this.rng.uuid();
    this.values.push({
      id,
      definitionId: definition.id,
      projectId: "projectId" in owner ? owner.projectId : null,
      projectTemplateId: "projectTemplateId" in owner ? owner.projectTemplateId : null,
      contractorId: "contractorId" in owner ? owner.contractorId : null,
      valueText: "text" in input ? input.text : null,
      valueFloat: "float" in input ? new Prisma.Decimal(input.float) : null,
      valueDateTime: "dateTime" in input ? input.dateTime : null,
      valueDepartmentId: "departmentId" in input ? input.departmentId : null,
    });
    if ("options" in input) {
      for (const value of input.options) {
        const optionId = definition.options.get(value);
        if (!optionId) throw new Error(`"${fieldName}" has no option "${value}"`);
        this.selectedOptions.push({ id: this.rng.uuid(), valueId: id, optionId });
      }
    }
    if ("userIds" in input) {
      for (const userId of input.userIds) this.selectedUsers.push({ id: this.rng.uuid(), valueId: id, userId });
    }
  }

  async write(ctx: SeedContext): Promise<void> {
    await ctx.out.insert("customFieldValue", this.values);
    await ctx.out.insert("customFieldValueSelectOption", this.selectedOptions);
    await ctx.out.insert("customFieldValueUser", this.selectedUsers);
  }
}
