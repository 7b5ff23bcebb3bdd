import demoIdsJson from "../../prisma/demo-ids.json";

/**
 * Fixed identifiers of the showcase objects (prisma/demo-ids.json): the README, the tests and the
 * examples address these, so the generator gives exactly these ids to those objects.
 */
export type DemoIds = typeof demoIdsJson;
export const demoIds: DemoIds = demoIdsJson;
