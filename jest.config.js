/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.tsx?$": ["@swc/jest"] },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  setupFiles: ["reflect-metadata"],
  testTimeout: 60_000,
  // test files run in parallel workers, each on its own database copy
  maxWorkers: process.env.CI ? 2 : "50%",
};
