import "reflect-metadata";
import { buildAppSchema } from "../schema/build-schema";
import * as check from "../schema/schema-check";

/**
 * `npm run schema:check`: fails when the committed schema.graphql is not what the code builds,
 * or when the built SDL breaks clients of the SDL committed at SCHEMA_BASE_REF (default HEAD,
 * i.e. before you commit; CI sets the target branch). A break noted in schema-changes.json (path,
 * message and the reason) is deliberate and passes, still listed; ALLOW_BREAKING_SCHEMA_CHANGES=1
 * lets any break through.
 */
async function main(): Promise<number> {
  const built = check.normalizeSdl((await buildAppSchema()).sdl);
  let status = 0;

  if (check.readCommittedSdl() !== built) {
    console.error(`${check.SCHEMA_FILE} differs from the schema the code builds: run \`npm run schema:print\` and commit it.`);
    status = 1;
  } else {
    console.log(`${check.SCHEMA_FILE} is up to date.`);
  }

  const ref = process.env[check.BASE_REF_ENV] || "HEAD";
  const base = check.baselineSdl(ref);
  if (base === null) {
    console.log(`No ${check.SCHEMA_FILE} at ${ref}: no baseline to compare against.`);
    return status;
  }
  const changes = await check.diffSdl(base, built);
  const { noted, unnoted: breaking } = check.splitDeliberate(check.breakingChanges(changes), check.readDeliberateChanges());
  console.log(
    `${changes.length} change(s) against ${check.SCHEMA_FILE} at ${ref}, ${noted.length + breaking.length} breaking` +
      (noted.length > 0 ? ` (${noted.length} noted as deliberate in ${check.DELIBERATE_CHANGES_FILE}).` : "."),
  );
  if (changes.length > 0) console.log(check.describeChanges(changes));
  if (breaking.length > 0) {
    console.error(`Breaking changes not noted in ${check.DELIBERATE_CHANGES_FILE}:\n${check.describeChanges(breaking)}`);
    if (check.breakingChangesAllowed()) {
      console.warn(`Breaking changes acknowledged by ${check.ALLOW_BREAKING_ENV}.`);
    } else {
      console.error(`Breaking changes: announce them to the supergraph's clients, then rerun with ${check.ALLOW_BREAKING_ENV}=1.`);
      status = 1;
    }
  }
  return status;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
