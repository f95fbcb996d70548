import { QueryObserver, type QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient, refetchAfterWrite } from "../../web/lib/query";

/**
 * A list whose first load is still on its way when a write lands (seen in the admin console's
 * journey on a loaded machine: a team created while the Teams tab was loading never showed).
 */
async function listAfterWrite(refresh: (client: QueryClient) => Promise<unknown>) {
  const client = createQueryClient();
  let stored = ["Brackwater County"];
  const answers: (() => void)[] = [];
  // The server answers what it held when the request reached it, when the test lets it.
  const queryFn = () => {
    const held = [...stored];
    return new Promise<string[]>((resolve) => answers.push(() => resolve(held)));
  };
  const observer = new QueryObserver(client, { queryKey: ["teams"], queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  expect(answers).toHaveLength(1); // the first load, in flight

  stored = [...stored, "Marlow City"]; // the write, answered before the first load
  const refreshed = refresh(client);
  while (answers.length) {
    answers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  }
  await refreshed;
  unsubscribe();
  return client.getQueryData<string[]>(["teams"]);
}

describe("refetchAfterWrite", () => {
  it("shows the write when it lands while the list's first load is in flight", async () => {
    expect(await listAfterWrite((client) => refetchAfterWrite(client, ["teams"]))).toEqual(["Brackwater County", "Marlow City"]);
  });

  it("is needed: invalidateQueries alone keeps the first load's answer from before the write", async () => {
    // If TanStack Query ever starts a new fetch here itself, this fails: the helper could then go.
    expect(await listAfterWrite((client) => client.invalidateQueries({ queryKey: ["teams"] }))).toEqual(["Brackwater County"]);
  });
});
