import { registerEnumType } from "type-graphql";
import {
  BOARD_USER_ROLES,
  BUYER_IDENTIFIER_TYPES,
  FILE_TYPES,
  FILE_LANGUAGES,
  GTU_CODES,
  INVOICE_DIRECTIONS,
  INVOICE_TYPES,
  KSEF_MARKERS,
  PAYMENT_METHODS,
  PROJECT_CREATION_STATUSES,
  TAX_RATES,
  USER_ROLES,
} from "../../domain/value-sets";

/**
 * The closed value sets of the interface as GraphQL enums: clients get typed values (codegen
 * emits unions, not `string`) and GraphQL validation refuses an unknown value before any
 * resolver runs.
 *
 * On the wire an enum value is a GraphQL name, so it is the stored string itself wherever that
 * string is a valid name (`Vat`, `income`, `vat_eu`, `GTU_05`, `admin`). Where it is not, one
 * rule maps it (see `enumName`): a hyphen becomes an underscore (`leader-active` → `leader_active`,
 * `task-comment` → `task_comment`, `in-preparation` → `in_preparation`), and a value starting with
 * a digit gets `RATE_` in front (the VAT rates `23` → `RATE_23`, `0` → `RATE_0`). Resolvers and
 * services keep seeing the stored strings: the enums' internal values are those strings.
 *
 * Sets the interface calls open ("observed" values: vacation, stage, task and milestone
 * statuses, a project's status in answers, project member roles, file sources...) stay `String`
 * and say so in their descriptions.
 */
export function enumName(stored: string): string {
  const name = stored.replace(/-/g, "_");
  return /^[0-9]/.test(name) ? `RATE_${name}` : name;
}

/**
 * Registers a value set (each stored value with its meaning, the value's description) as the
 * GraphQL enum `name`, its values in the order of `values`; answers the enum object (GraphQL name
 * → stored string).
 */
export function enumOf<const T extends string>(
  name: string,
  description: string,
  meanings: Readonly<Partial<Record<T, string>>>,
  values: readonly T[] = Object.keys(meanings) as T[],
): Record<string, T> {
  const enumObject = Object.fromEntries(values.map((v) => [enumName(v), v]));
  const valuesConfig = Object.fromEntries(values.map((v) => [enumName(v), { description: meanings[v] ?? v }]));
  registerEnumType(enumObject, { name, description, valuesConfig });
  return enumObject;
}

export const InvoiceType = enumOf(
  "InvoiceType",
  "The kind of an invoice. Kor, KorZal, KorRoz, KorPef and KorVatRr are corrections.",
  INVOICE_TYPES,
);
export const InvoiceDirection = enumOf("InvoiceDirection", "Whether an invoice was issued by us or received.", INVOICE_DIRECTIONS);
export const KsefMarker = enumOf("KsefMarker", "How an invoice stands with KSeF, the Polish national e-invoicing system.", KSEF_MARKERS);
export const BuyerIdentifierType = enumOf("BuyerIdentifierType", "The kind of the buyer's tax identifier.", BUYER_IDENTIFIER_TYPES);
export const PaymentMethod = enumOf("PaymentMethod", "How an invoice is paid.", PAYMENT_METHODS);
export const InvoiceLanguage = enumOf("InvoiceLanguage", "Language of an invoice's generated document.", FILE_LANGUAGES);
export const TaxRate = enumOf(
  "TaxRate",
  "VAT rate of an invoice item. The stored rates 23, 8, 5 and 0 travel as RATE_23, RATE_8, RATE_5, RATE_0 (GraphQL enum values cannot start with a digit).",
  {
    "23": '23 % (stored "23").',
    "8": '8 % (stored "8").',
    "5": '5 % (stored "5").',
    "0": '0 % (stored "0").',
    zw: "Exempt from VAT: no VAT.",
    np: "Not subject to Polish VAT: no VAT.",
    oo: "Reverse charge (odwrotne obciążenie): no VAT on the invoice.",
  },
  TAX_RATES,
);
export const GtuCode = enumOf("GtuCode", "Polish GTU code of goods and services, GTU_01 to GTU_13 (JPK_V7).", {}, GTU_CODES);
export const UserRole = enumOf("UserRole", "An application role of a user.", USER_ROLES);
export const BoardUserRole = enumOf(
  "BoardUserRole",
  "A user's role on a board. The stored leader-active travels as leader_active.",
  BOARD_USER_ROLES,
);
export const FileTargetType = enumOf(
  "FileTargetType",
  "The kind of object a file is attached to. The stored task-comment travels as task_comment.",
  FILE_TYPES,
);
export const ProjectCreationStatus = enumOf(
  "ProjectCreationStatus",
  "The state a new project starts in. The stored in-preparation travels as in_preparation.",
  PROJECT_CREATION_STATUSES,
);
