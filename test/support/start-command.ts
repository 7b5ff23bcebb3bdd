import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../src/config/paths";

/**
 * What `npm start` gives the server's node process, read from package.json's start script: the
 * environment it sets on the command (`NAME=value` before `node`) and node's own flags
 * (`--name=value`: the heap's caps). The benchmark and the heap test run the built server with the
 * very same, so they measure it as it is deployed.
 */
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")).scripts.start as string;
  // the part after `npm run build &&`: `NAME=value ... node --flag=value ... dist/src/main.js`
  const [assignments, flags = ""] = script.slice(script.lastIndexOf("&&") + 2).split(/\bnode\b/);
  return {
    env: Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name, value])),
    nodeArgs: flags.match(/--[\w-]+=\S+/g) ?? [],
  };
}
