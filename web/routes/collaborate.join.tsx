import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LinkOutcome, SignUpFromLink, SwitchAccountForm } from "~/components/auth/invitation-link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { invitationLinkRoute, type InvitationLinkActionData } from "~/lib/invitation-link.server";
import {
  acceptAsCampaignUser,
  acceptCampaignInvitation,
  CAMPAIGN_SIGN_UP_HEADER,
  confirmCampaignInvitedAddress,
  inspectCampaignInvitation,
  type JoinState,
} from "../../worker/collaborate/join";

export const meta: MetaFunction = () => [{ title: "Campaign invitation · Readyroom" }, { name: "robots", content: "noindex" }];

const interviewPath = (id: string) => `/collaborate/interviews/${encodeURIComponent(id)}`;

/**
 * Where a contributor's e-mailed link lands (public: spec §4 lets campaign-only people reach
 * /collaborate). A Readyroom user signs in and joins with one click; a new person creates a
 * campaign-only sign-in (their name and a password; the link proves the address) and goes
 * straight to their interview.
 */
const link = invitationLinkRoute<JoinState>({
  path: (token) => `/collaborate/join?token=${encodeURIComponent(token)}`,
  inspect: inspectCampaignInvitation,
  accept: async (ctx, token, viewer) => interviewPath((await acceptCampaignInvitation(ctx, token, viewer.email)).interviewId),
  signUp: {
    header: CAMPAIGN_SIGN_UP_HEADER,
    callbackURL: "/collaborate",
    confirm: confirmCampaignInvitedAddress,
    unconfirmed: "We could not create your sign-in from this invitation. Sign in instead, or ask for a new invitation.",
    accept: async (ctx, token, person) => interviewPath((await acceptAsCampaignUser(ctx, token, person)).interviewId),
  },
});

export function loader(args: LoaderFunctionArgs) {
  return link.loader(args);
}

export function action(args: ActionFunctionArgs) {
  return link.action(args);
}

type ActionData = InvitationLinkActionData<JoinState>;

const HOME = { to: "/collaborate", label: "Go to your contributions" };

function Outcome(props: { testId: string; title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return <LinkOutcome {...props} home={HOME} />;
}

export default function CampaignJoinPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const state = actionData?.state ?? loaded.state;
  const { token } = loaded;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const here = `/collaborate/join?token=${encodeURIComponent(token)}`;
  const formError = actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null;

  switch (state.kind) {
    case "invalid":
      return (
        <Outcome testId="join-invalid" title="This invitation link is not valid">
          <p>
            The link may be incomplete, or a newer invitation replaced it. Open the most recent invitation e-mail, or ask the campaign manager to send it again.
          </p>
        </Outcome>
      );
    case "expired":
      return (
        <Outcome testId="join-expired" title="This invitation has expired">
          <p>
            Ask the campaign manager of “{state.campaignName}” to resend the invitation to {state.email}.
          </p>
        </Outcome>
      );
    case "revoked":
      return (
        <Outcome testId="join-revoked" title="This invitation was withdrawn">
          <p>
            The campaign manager withdrew the invitation to {state.email} for “{state.campaignName}”. If you think this is a mistake, ask them to invite you
            again.
          </p>
        </Outcome>
      );
    case "closed":
      return (
        <Outcome testId="join-closed" title="This campaign is closed">
          <p>“{state.campaignName}” no longer takes contributions. Thank you for your interest.</p>
        </Outcome>
      );
    case "full":
      return (
        <Outcome testId="join-full" title="This campaign is full">
          <p>Every contributor place of “{state.campaignName}” is taken. Ask the campaign manager to raise the maximum, then open this link again.</p>
        </Outcome>
      );
    case "used":
      return (
        <Outcome
          testId="join-used"
          title="This invitation has already been used"
          footer={
            <Link to={`/login?callbackUrl=${encodeURIComponent("/collaborate")}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          }
        >
          <p>
            Each invitation link works once. If you accepted it, sign in as {state.email} to continue your contribution to “{state.campaignName}”.
          </p>
        </Outcome>
      );
    case "wrong-address":
      return (
        <Outcome testId="join-wrong-address" title="This invitation is for someone else">
          <p>
            It was sent to <strong>{state.email}</strong>, but you are signed in as <strong>{state.signedInAs}</strong>. Sign out and continue as {state.email}{" "}
            to accept it.
          </p>
          <SwitchAccountForm token={token} busy={busy} />
        </Outcome>
      );
    case "ready":
      if (state.next === "join") {
        return (
          <Outcome testId="join-ready" title={`Contribute to “${state.campaignName}”`}>
            {formError}
            <p>
              {state.inviterName} asks for your input. A guided interview takes about fifteen minutes; you can stop and come back. What you write is anonymised
              before it is analysed.
            </p>
            <Form method="post">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="intent" value="accept" />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Joining…" : "Start my contribution"}
              </Button>
            </Form>
          </Outcome>
        );
      }
      if (state.next === "sign-in") {
        return (
          <Outcome testId="join-sign-in" title="Sign in to contribute" footer={null}>
            <p>
              {state.inviterName} invited {state.email} to contribute to “{state.campaignName}”. That address already has a Readyroom sign-in: use it to
              continue.
            </p>
            <Button asChild className="w-full">
              <Link to={`/login?callbackUrl=${encodeURIComponent(here)}`}>Sign in as {state.email}</Link>
            </Button>
          </Outcome>
        );
      }
      return (
        <SignUpFromLink
          token={token}
          email={state.email}
          title={`Contribute to “${state.campaignName}”`}
          description={`${state.inviterName} invited ${state.email}. Choose a password so you can come back to your answers.`}
          testId="join-signup"
          note={
            <p className="text-sm text-muted-foreground">
              You will only see this campaign and your account settings; no subscription is needed. What you write is anonymised before it is analysed.
            </p>
          }
          submitLabel="Create sign-in and start"
          busyLabel="Starting…"
          defaults={namesOf(state.fullName)}
          actionData={actionData}
          busy={busy}
        />
      );
  }
}

/** The invitation's full name as the sign-up form's first and last name. */
function namesOf(fullName: string | null): { firstName?: string; lastName?: string } {
  const [first, ...rest] = (fullName ?? "").trim().split(/\s+/);
  return { firstName: first || undefined, lastName: rest.join(" ") || undefined };
}
