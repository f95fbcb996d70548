import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DetailsForm } from "~/components/profile/details-form";
import { InstructionsForm, toFormValues } from "~/components/profile/instructions-form";
import { NotificationSettingsForm } from "~/components/notifications";
import { SampleCard } from "~/components/sample/sample-card";
import { CampaignParticipationsCard, YourTeamCard } from "~/components/teams/your-team";
import { Card, CardContent } from "~/components/ui/card";
import type { FieldErrors, ProfileActionResult } from "~/components/profile/save";
import { requireUserContext } from "~/lib/context.server";
import { customInstructionsSchema } from "../../shared/profile/model";
import { HttpError } from "../../worker/lib/errors";
import { getProfile, personalDetailsSchema, saveCustomInstructions, savePersonalDetails } from "../../worker/profile/service";
import { getCampaignParticipations, getTeamMembers } from "../../worker/teams/service";
import { getSampleStatus } from "../../worker/sample/status";

export const meta: MetaFunction = () => [{ title: "Profile · Readyroom" }];

export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const [profile, team, { participations }, sample] = await Promise.all([getProfile(ctx), teamOf(ctx), getCampaignParticipations(ctx), getSampleStatus(ctx)]);
  return { ...profile, team, participations, sample };
}

/** The user's team for the "Your team" card; null without one, or with team accounts off (both 404). */
async function teamOf(ctx: Parameters<typeof getTeamMembers>[0]) {
  try {
    return await getTeamMembers(ctx);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

function collectErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? "_")] ??= issue.message;
  return out;
}

/** The no-JavaScript path; with JavaScript the form saves through the same services via the API. */
export async function action(args: ActionFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const form = await args.request.formData();
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  if (values.intent === "details") {
    const parsed = personalDetailsSchema.safeParse(values);
    if (!parsed.success) return data<ProfileActionResult>({ intent: "details", ok: false, fieldErrors: collectErrors(parsed.error.issues) }, 400);
    await savePersonalDetails(ctx, parsed.data);
    return data<ProfileActionResult>({ intent: "details", ok: true });
  }
  const parsed = customInstructionsSchema.safeParse(values);
  if (!parsed.success) return data<ProfileActionResult>({ intent: "instructions", ok: false, fieldErrors: collectErrors(parsed.error.issues) }, 400);
  try {
    await saveCustomInstructions(ctx, parsed.data);
  } catch (err) {
    // A team member who is not its admin: the team's instructions are read-only for them.
    if (err instanceof HttpError && err.status === 403) return data<ProfileActionResult>({ intent: "instructions", ok: false, message: err.message }, 403);
    throw err;
  }
  return data<ProfileActionResult>({ intent: "instructions", ok: true });
}

export default function ProfilePage() {
  const { instructions, details, canEdit, team, participations, sample } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold">Profile</h1>
        <p className="text-sm text-muted-foreground">Your details, and the custom instructions Readyroom applies to everything it drafts for your account.</p>
      </header>
      <SampleCard status={sample} />
      <DetailsForm details={details} />
      {team ? <YourTeamCard view={team} /> : null}
      {participations.length > 0 ? <CampaignParticipationsCard participations={participations} /> : null}
      {/* Remounted when the sample sections go, so the form shows what is stored now. */}
      <InstructionsForm key={sample.profile ? "sample" : "own"} initial={toFormValues(instructions)} readOnly={!canEdit} />
      <Card>
        <CardContent className="pt-6">
          <NotificationSettingsForm />
        </CardContent>
      </Card>
    </main>
  );
}
