/**
 * The project's own lint rules, run by oxlint as a JS plugin (.oxlintrc.json, "readyroom/…").
 * Each rule reports the ESTree selectors it lists, as ESLint's no-restricted-syntax did for them;
 * .oxlintrc.json says where each applies. test/platform/lint-rules.node.test.ts proves they fire.
 */

/** A rule that reports every node matching one of `selectors` with `message`. */
function restrict(selectors, message) {
  return {
    meta: { type: "problem", docs: { description: message } },
    create(context) {
      const report = (node) => context.report({ node, message });
      return Object.fromEntries(selectors.map((selector) => [selector, report]));
    },
  };
}

const NO_SQL_IN_ROUTERS = "No SQL in a router: move the query into the feature's service and call it with the route's context.";

export default {
  meta: { name: "readyroom" },
  rules: {
    "no-focused-tests": restrict(["CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']"], "No focused tests."),

    // A test that reads the time passes today and fails on another date, in another time zone or
    // on a slower machine (ARCHITECTURE.md, decision 0003).
    "no-clock-in-tests": restrict(
      [
        "CallExpression[callee.object.name='Date'][callee.property.name='now']",
        "NewExpression[callee.name='Date'][arguments.length=0]",
        "CallExpression[callee.name='Date']",
      ],
      "Tests do not read the time. Pass `now` in or use the app's clock (`nowMs()`/`nowDate()` from worker/lib/clock.ts, moved by READYROOM_TEST_NOW) or a fixed date; for a unique name use crypto.randomUUID() or a counter; poll by count, not by deadline.",
    ),

    // Routers parse, call one service and answer: the tables and their SQL live in the services
    // (ARCHITECTURE.md, "Layers" 3). The imports half of this is no-restricted-imports in .oxlintrc.json.
    "no-sql-in-routers": restrict(
      [
        "MemberExpression[property.name='DB']",
        "MemberExpression[object.property.name='var'][property.name='db']",
        "CallExpression[callee.property.name='get'][arguments.0.value='db']",
        "CallExpression[callee.property.name='prepare']",
        "TaggedTemplateExpression[tag.name='sql']",
      ],
      NO_SQL_IN_ROUTERS,
    ),

    // The browser writes one way: `useMutation` (ARCHITECTURE.md, "Writing from the browser"). A
    // boolean set true before an awaited call and false after is that hook written out again.
    "no-hand-rolled-writes": restrict(
      ["CallExpression[callee.name=/^set(Busy|Saving|Sending|Submitting|Pending)$/][arguments.0.raw='true']"],
      'Write through useMutation (@tanstack/react-query): its isPending is the busy flag, onSuccess/onError the outcome (ARCHITECTURE.md, "Writing from the browser").',
    ),
  },
};
