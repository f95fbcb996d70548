import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The folder rules of the web/worker boundary (issue 10, docs/decisions/0008; issue 28): shared/ is
 * the code both sides run (schemas, step tables, the capability list, limits, Markdown), so it
 * imports neither side; the server never imports web/; the browser reaches worker/ only for types.
 */
const WEB = { regex: "(^|/)web/|^~/", message: "worker/ and durable-objects/ never import web/. Move code both sides run into shared/." };
const SERVER = "(^|/)(worker|durable-objects)/";

const NO_FOCUSED_TESTS = { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: "No focused tests." };

/** Tests never read the time: they pin an instant or pass `now` (ARCHITECTURE.md, decision 0003). */
const NO_CLOCK_IN_TESTS = [
  "CallExpression[callee.object.name='Date'][callee.property.name='now']",
  "NewExpression[callee.name='Date'][arguments.length=0]",
  "CallExpression[callee.name='Date']",
].map((selector) => ({
  selector,
  message:
    "Tests do not read the time. Pass `now` in or use the app's clock (`nowMs()`/`nowDate()` from worker/lib/clock.ts, moved by READYROOM_TEST_NOW) or a fixed date; for a unique name use crypto.randomUUID() or a counter; poll by count, not by deadline.",
}));

/** Routers parse, call one service and answer: the tables and their SQL live in the services. */
const NO_SQL_IN_ROUTERS_MESSAGE = "No SQL in a router: move the query into the feature's service and call it with the route's context.";
const NO_SQL_IN_ROUTERS = [
  "MemberExpression[property.name='DB']",
  "MemberExpression[object.property.name='var'][property.name='db']",
  "CallExpression[callee.property.name='get'][arguments.0.value='db']",
  "CallExpression[callee.property.name='prepare']",
  "TaggedTemplateExpression[tag.name='sql']",
].map((selector) => ({ selector, message: NO_SQL_IN_ROUTERS_MESSAGE }));

/**
 * The browser writes one way: `useMutation` (ARCHITECTURE.md, "Writing from the browser"). A
 * boolean set true before an awaited call and false after is that hook written out again.
 */
const NO_HAND_ROLLED_WRITES = [
  {
    selector: "CallExpression[callee.name=/^set(Busy|Saving|Sending|Submitting|Pending)$/][arguments.0.raw='true']",
    message:
      'Write through useMutation (@tanstack/react-query): its isPending is the busy flag, onSuccess/onError the outcome (ARCHITECTURE.md, "Writing from the browser").',
  },
];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".wrangler/**", "migrations/**", "worker-configuration.d.ts", "e2e/artifacts/**", "vendor/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain-JavaScript scripts Node runs without a build (*.mjs).
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description", "ts-expect-error": "allow-with-description" }],
      "no-restricted-syntax": ["error", NO_FOCUSED_TESTS],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", NO_FOCUSED_TESTS, ...NO_HAND_ROLLED_WRITES] },
  },
  {
    // The routers of worker/ (ARCHITECTURE.md, "Layers" 3): no query builder, no table, no D1 handle.
    files: ["worker/**/routes.ts", "worker/**/*-routes.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["drizzle-orm", "drizzle-orm/*"], message: NO_SQL_IN_ROUTERS_MESSAGE },
            { regex: "(^|/)db/(schema|client)(/|$)", allowTypeImports: true, message: NO_SQL_IN_ROUTERS_MESSAGE },
          ],
        },
      ],
      "no-restricted-syntax": ["error", NO_FOCUSED_TESTS, ...NO_SQL_IN_ROUTERS],
    },
  },
  {
    // A test that reads the time passes today and fails on another date, in another time zone or on
    // a slower machine. (A later block's no-restricted-syntax replaces an earlier one's: repeat the rest.)
    files: ["test/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", NO_FOCUSED_TESTS, ...NO_CLOCK_IN_TESTS] },
  },
  {
    // Playwright Test fixtures: `async ({}, use) => …` is the fixture shape (no dependencies, then
    // the value handed on), and its `use` is not React's hook.
    files: ["e2e/lib/fixtures.ts"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Every regular expression the app, its scripts and its bench run must take time linear in
    // its input (issue 27: one heading pattern took 10 s of CPU a request). Tests are left out:
    // their patterns read the app's own output, not what users send.
    files: ["{shared,worker,web,durable-objects,scripts,e2e,bench}/**/*.{ts,tsx,mjs}", "*.{ts,js,mjs}"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    files: ["shared/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `${SERVER}|${WEB.regex}`,
              message:
                "shared/ imports nothing from worker/, web/ or durable-objects/ (types included): both sides load it. Move the piece it needs into shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.{ts,tsx}", "durable-objects/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [WEB] }] },
  },
  {
    // Code that runs in the browser may load shared/ and only types from the server: everything
    // in worker/ and durable-objects/ is server code (services, D1, bindings, secrets) and reaches
    // the browser through the API. Loaders and actions (web/routes, web/root.tsx, *.server.ts) run
    // on the server and may call services directly.
    files: ["web/components/**/*.{ts,tsx}", "web/hooks/**/*.{ts,tsx}", "web/lib/**/*.{ts,tsx}", "web/entry.client.tsx"],
    ignores: ["**/*.server.ts", "**/*.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: SERVER,
              allowTypeImports: true,
              message:
                "Browser code may import worker/ and durable-objects/ only with `import type`. Call the API through web/lib, or move pure code into shared/.",
            },
          ],
        },
      ],
    },
  },
);
