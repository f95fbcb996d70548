import { Alert, AlertTitle } from "~/components/ui/alert";
import type { SecurityActionData, Section } from "./types";

export function SectionMessages({ section, actionData }: { section: Section; actionData: SecurityActionData | undefined }) {
  if (!actionData || actionData.section !== section) return null;
  return (
    <>
      {actionData.ok ? <Alert variant="success">{actionData.ok}</Alert> : null}
      {actionData.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
    </>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert variant="info">
      <AlertTitle>Save your recovery codes</AlertTitle>
      <p className="mb-2">Each code signs you in once if you lose your device. They are shown only now: store them somewhere safe.</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </Alert>
  );
}
