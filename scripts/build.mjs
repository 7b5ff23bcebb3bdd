// `npm run build`, and so every `npm start`: compiles src/ into dist/ with tsc, saying first what
// it does and how long it takes, and at the end how long it took. The first build type-checks
// the whole server (about 20 s of CPU: some 45 s on a busy 2-core machine); later builds reuse
// dist/tsconfig.build.tsbuildinfo and take a few seconds.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const first = !existsSync(join(root, "dist", "tsconfig.build.tsbuildinfo"));
console.log(
  first
    ? "Building the server (tsc -p tsconfig.build.json into dist/): the first build takes about 45 s on 2 cores; later ones only what changed."
    : "Building the server (tsc -p tsconfig.build.json into dist/): what changed since the last build, a few seconds.",
);
const started = performance.now();
const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (result.status !== 0) {
  console.error(`Build failed after ${seconds} s (tsc: ${result.status ?? result.signal}).`);
  process.exit(result.status ?? 1);
}
console.log(`Built in ${seconds} s.`);
