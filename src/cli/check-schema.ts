import "reflect-metadata";
import { buildAppSchema } from "../schema/build-schema";
import {
  ALLOW_BREAKING_ENV,
  BASE_REF_ENV,
  SCHEMA_FILE,
  baselineSdl,
  breakingChanges,
  breakingChangesAllowed,
  describeChanges,
  diffSdl,
  normalizeSdl,
  readCommittedSdl,
  readDeliberateChanges,
  splitDeliberate,
  DELIBERATE_CHANGES_FILE,
} from "../schema/schema-check";

/**
 * `npm run schema:check`: fails when the committed schema.graphql is not what the code builds,
 * or when the built SDL breaks clients of the SDL committed at SCHEMA_BASE_REF (default HEAD,
 * i.e. before you commit; CI sets the target branch). A break noted in schema-changes.json (path,
 * message and the reason) is deliberate and passes, still listed; ALLOW_BREAKING_SCHEMA_CHANGES=1
 * lets any break through.
 */
async function main(): Promise<number> {
  const built = normalizeSdl((await buildAppSchema()).sdl);
  let status = 0;

  if (readCommittedSdl() !== built) {
    console.error(`${SCHEMA_FILE} differs from the schema the code builds: run \`npm run schema:print\` and commit it.`);
    status = 1;
  } else {
    console.log(`${SCHEMA_FILE} is up to date.`);
  }

  const ref = process.env[BASE_REF_ENV] || "HEAD";
  const base = baselineSdl(ref);
  if (base === null) {
    console.log(`No ${SCHEMA_FILE} at ${ref}: no baseline to compare against.`);
    return status;
  }
  const changes = await diffSdl(base, built);
  const { noted, unnoted: breaking } = splitDeliberate(breakingChanges(changes), readDeliberateChanges());
  console.log(
    `${changes.length} change(s) against ${SCHEMA_FILE} at ${ref}, ${noted.length + breaking.length} breaking` +
      (noted.length > 0 ? ` (${noted.length} noted as deliberate in ${DELIBERATE_CHANGES_FILE}).` : "."),
  );
  if (changes.length > 0) console.log(describeChanges(changes));
  if (breaking.length > 0) {
    console.error(`Breaking changes not noted in ${DELIBERATE_CHANGES_FILE}:\n${describeChanges(breaking)}`);
    if (breakingChangesAllowed()) {
      console.warn(`Breaking changes acknowledged by ${ALLOW_BREAKING_ENV}.`);
    } else {
      console.error(`Breaking changes: announce them to the supergraph's clients, then rerun with ${ALLOW_BREAKING_ENV}=1.`);
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
