/**
 * Shared jest settings for every workspace package: TypeScript through @swc/jest in
 * CommonJS mode. ES-module-only dependencies (@noble/hashes, rou3, ...) are transformed too.
 */
const esmOnly = ["@noble", "rou3"];

module.exports = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/src/**/*.test.ts", "<rootDir>/test/**/*.test.ts"],
  transform: {
    "^.+\\.(t|j|mj)s$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022" },
        module: { type: "commonjs" },
      },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${esmOnly.join("|")}))`],
  moduleFileExtensions: ["ts", "js", "mjs", "json"],
  // ES-module sources import "./x.js" for "./x.ts".
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
};
