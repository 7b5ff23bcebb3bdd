// @ts-check
// ESLint for the whole repository (`npm run lint`, part of `npm test`). Deliberately small: the
// recommended rules of ESLint and typescript-eslint, which find defects rather than police style
// (formatting is Prettier's job: `npm run lint` runs its check after ESLint), plus the few type-aware rules that catch promise mistakes, the
// defect TypeScript itself lets through in async server code.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { structureConfig } from "./tools/eslint/structure.mjs";

export default tseslint.config(
  // generated Prisma clients, build output, installed packages (bench/postgraphile has its own),
  // what .gitignore also leaves out
  { ignores: ["src/generated/**", "dist/**", "**/node_modules/**", "coverage/**", "data/**"] },
  // a disable comment that no longer disables anything fails the lint, so none can go stale
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The one unused-code check for locals and parameters (tsconfig's noUnusedLocals and
      // noUnusedParameters stay off, so the two never disagree). `_name` marks a parameter kept
      // for its position (a callback's signature); destructuring a property out
      // to drop it from `...rest` is the idiom for omitting a field.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  // the structure of src/: declared access rules, no database in resolvers, no import cycle, no import back up a layer
  ...structureConfig,
  {
    // Type-aware rules read the TypeScript program of tsconfig.json (the files it includes).
    // Only these three: the full type-checked preset quadruples the time of the lint for
    // findings about `any` in tests' GraphQL responses, not defects.
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      // a promise neither awaited nor handled loses its error and races the code after it
      "@typescript-eslint/no-floating-promises": "error",
      // an async function where a callback's result is ignored (event handlers, forEach, if)
      "@typescript-eslint/no-misused-promises": "error",
      // awaiting something that is not a promise usually means a missing call or wrong type
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // Tests and the benchmark read GraphQL responses as untyped JSON: `any` there is the honest
    // type. The server's own code has none and keeps it so.
    files: ["test/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Node scripts written in JavaScript (CommonJS where the file says so)
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.cjs", "bench/postgraphile/server.js", "jest.config.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The playground's and the REST docs' page scripts run in the browser beside the UMD builds they name.
    files: ["playground/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.browser, React: "readonly", ReactDOM: "readonly", GraphiQL: "readonly", SwaggerUIBundle: "readonly" },
    },
  },
);
