import type { DraftInject } from "../../../worker/collaborate/views";

/** The synthesis's draft injects: when, what, the capability it tests, the expected action and its sources. */
export function DraftInjectsTable({ injects }: { injects: DraftInject[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="draft-injects">
        <caption className="sr-only">Draft injects</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">#</th>
            <th scope="col" className="py-2 pr-3 font-medium">Time</th>
            <th scope="col" className="py-2 pr-3 font-medium">Inject</th>
            <th scope="col" className="py-2 pr-3 font-medium">Capability</th>
            <th scope="col" className="py-2 pr-3 font-medium">Expected action</th>
            <th scope="col" className="py-2 font-medium">From</th>
          </tr>
        </thead>
        <tbody>
          {injects.map((inject) => (
            <tr key={inject.number} className="border-b align-top last:border-0">
              <td className="py-2 pr-3 tabular-nums">{inject.number}</td>
              <td className="py-2 pr-3 tabular-nums whitespace-nowrap">{inject.time}</td>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                <div className="font-medium">{inject.title}</div>
                <div className="text-muted-foreground">{inject.description}</div>
              </th>
              <td className="py-2 pr-3">{inject.capability ?? "—"}</td>
              <td className="py-2 pr-3">{inject.expectedAction}</td>
              <td className="py-2 text-xs text-muted-foreground">{inject.respondents.join(", ") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
