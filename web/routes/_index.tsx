import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Readyroom" }];

export default function Index() {
  return <main className="p-8"><h1 className="text-2xl font-semibold">Readyroom</h1></main>;
}
