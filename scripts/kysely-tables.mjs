// Derives the Kysely table interfaces (src/db/tables.ts) from the committed PostgreSQL migrations,
// so the read queries are typed against the real table and column names Prisma created.
// The same columns exist on SQLite with looser storage (text dates, 0/1 booleans, numeric
// decimals): the column types are the union of what either driver returns, and the read modules
// normalise them (src/db/row-values.ts).
//   node scripts/kysely-tables.mjs          rewrites src/db/tables.ts
//   node scripts/kysely-tables.mjs --check  exits 1 when it is stale
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const migrationsDir = join(root, "prisma/postgres/migrations");
const target = join(root, "src/db/tables.ts");

const TYPES = {
  UUID: "string",
  TEXT: "string",
  INTEGER: "number",
  BOOLEAN: "Bool",
  DECIMAL: "Decimal",
  TIMESTAMPTZ: "Timestamp",
  DATE: "DateOnly",
  "DOUBLE PRECISION": "number",
  BIGINT: "string | number",
  JSONB: "unknown",
};

/** table name -> [column, type, nullable][] */
const tables = new Map();
for (const dir of readdirSync(migrationsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()) {
  const sql = readFileSync(join(migrationsDir, dir, "migration.sql"), "utf8");
  for (const block of sql.matchAll(/CREATE TABLE "(\w+)" \(\n([\s\S]*?)\n\);/g)) {
    const columns = [];
    for (const line of block[2].split("\n")) {
      const m = line.match(/^\s+"(\w+)" ([A-Z ]+?)(\(\d+(,\d+)?\))?(\[\])?( NOT NULL)?( DEFAULT .*?)?,?$/);
      if (!m) continue;
      const type = TYPES[m[2]];
      if (!type) throw new Error(`${block[1]}.${m[1]}: unknown column type ${m[2]}`);
      columns.push([m[1], m[5] ? `${type}[]` : type, !m[6]]);
    }
    tables.set(block[1], columns);
  }
  for (const m of sql.matchAll(/ALTER TABLE "(\w+)" ADD COLUMN\s+"(\w+)" ([A-Z ]+?)(\(\d+(,\d+)?\))?( NOT NULL)?( DEFAULT [^;]*)?;/g)) {
    tables.get(m[1])?.push([m[2], TYPES[m[3]] ?? "unknown", !m[6]]);
  }
}

let out = `// GENERATED from prisma/postgres/migrations by scripts/kysely-tables.mjs: do not edit.
// Kysely table interfaces for the read queries. Column types are what either driver may return:
// PostgreSQL gives native values, SQLite text dates, 0/1 booleans and numeric decimals.

/** BOOLEAN: boolean on PostgreSQL, 0/1 on SQLite. */
export type Bool = boolean | number;
/** DECIMAL: exact text on PostgreSQL (read as text), a number on SQLite. */
export type Decimal = string | number;
/** TIMESTAMPTZ: text on both (PostgreSQL read as text, SQLite stores ISO-8601 text). */
export type Timestamp = string | Date;
/** DATE: 'YYYY-MM-DD' on PostgreSQL, ISO-8601 text at midnight UTC on SQLite. */
export type DateOnly = string | Date;
`;
for (const [name, columns] of [...tables.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  out += `\nexport interface ${name}Table {\n`;
  for (const [column, type, nullable] of columns) out += `  ${column}: ${type}${nullable ? " | null" : ""};\n`;
  out += "}\n";
}
out += "\n/** Every table, as Kysely's database type. */\nexport interface Tables {\n";
for (const name of [...tables.keys()].sort()) out += `  ${name}: ${name}Table;\n`;
out += "}\n";

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // no file yet: it is stale like any other difference
  }
  if (current !== out) {
    console.error("src/db/tables.ts is stale: run node scripts/kysely-tables.mjs");
    process.exit(1);
  }
} else {
  writeFileSync(target, out);
}
