import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LinkOutcome, SignUpFromLink, SwitchAccountForm } from "~/components/auth/invitation-link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { invitationLinkRoute, type InvitationLinkActionData } from "~/lib/invitation-link.server";
import { acceptInvitation, confirmInvitedAddress, INVITATION_SIGN_UP_HEADER, inspectInvitation, type InvitationState } from "../../worker/teams/invitations";

export const meta: MetaFunction = () => [{ title: "Team invitation · Readyroom" }, { name: "robots", content: "noindex" }];

/** Where an accepted invitation lands: the welcome modal follows (spec §4 inviteAccepted). */
const LANDING = "/dashboard?inviteAccepted=true";

const link = invitationLinkRoute<InvitationState>({
  path: (token) => `/invites?token=${encodeURIComponent(token)}`,
  inspect: inspectInvitation,
  accept: async (ctx, token, viewer) => {
    await acceptInvitation(ctx, token, viewer.email);
    return LANDING;
  },
  signUp: {
    header: INVITATION_SIGN_UP_HEADER,
    callbackURL: LANDING,
    confirm: confirmInvitedAddress,
    unconfirmed: "We could not create your account from this invitation. Sign in instead, or ask for a new invitation.",
    accept: async (ctx, token, person) => {
      await acceptInvitation(ctx, token, person.email);
      return LANDING;
    },
  },
});

export function loader(args: LoaderFunctionArgs) {
  return link.loader(args);
}

export function action(args: ActionFunctionArgs) {
  return link.action(args);
}

type ActionData = InvitationLinkActionData<InvitationState>;

const ROLE_TEXT = { CAMPAIGN_MANAGER: "a campaign manager", STANDARD_USER: "a member" } as const;

const HOME = { to: "/dashboard", label: "Go to Readyroom" };

function Outcome(props: { testId: string; title: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return <LinkOutcome {...props} home={HOME} />;
}

export default function InvitesPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const state = actionData?.state ?? loaded.state;
  const { token } = loaded;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const here = `/invites?token=${encodeURIComponent(token)}`;
  const formError = actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null;

  switch (state.kind) {
    case "invalid":
      return (
        <Outcome testId="invite-invalid" title="This invitation link is not valid">
          <p>
            The link may be incomplete, or a newer invitation replaced it. Open the most recent invitation e-mail, or ask the team's admin to send it again.
          </p>
        </Outcome>
      );
    case "expired":
      return (
        <Outcome testId="invite-expired" title="This invitation has expired">
          <p>Invitations work for 7 days. Ask the team's admin to resend the invitation to {state.email}.</p>
        </Outcome>
      );
    case "revoked":
      return (
        <Outcome testId="invite-revoked" title="This invitation was withdrawn">
          <p>The team's admin revoked the invitation to {state.email}. If you think this is a mistake, ask them to invite you again.</p>
        </Outcome>
      );
    case "used":
      return (
        <Outcome
          testId="invite-used"
          title="This invitation has already been used"
          footer={
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          }
        >
          <p>Each invitation link works once. If you accepted it, sign in as {state.email} to reach your team.</p>
        </Outcome>
      );
    case "full":
      return (
        <Outcome testId="invite-full" title="The team is full">
          <p>Every seat of {state.inviterName}'s team is taken. Ask them to add a seat, then open this link again; it still works until it expires.</p>
        </Outcome>
      );
    case "already-in-team":
      return (
        <Outcome testId="invite-already-in-team" title="You are already in a team">
          <p>Your account belongs to another team. Leave that team first, then open this link again.</p>
        </Outcome>
      );
    case "wrong-address":
      return (
        <Outcome testId="invite-wrong-address" title="This invitation is for someone else">
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
          <Outcome testId="invite-join" title="Join the team">
            {formError}
            <p>
              {state.inviterName} invited you to their team on Readyroom as {ROLE_TEXT[state.collaborateRole]}. You will share the team's plan and credits.
            </p>
            <Form method="post">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="intent" value="accept" />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Joining…" : "Accept invitation"}
              </Button>
            </Form>
          </Outcome>
        );
      }
      if (state.next === "sign-in") {
        return (
          <Outcome testId="invite-sign-in" title="Sign in to accept" footer={null}>
            <p>
              {state.inviterName} invited {state.email} to their team. That address already has a Readyroom account: sign in to accept.
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
          title="Join your team on Readyroom"
          description={`${state.inviterName} invited ${state.email}. Create your account to join.`}
          testId="invite-signup"
          submitLabel="Create account and join"
          busyLabel="Joining…"
          actionData={actionData}
          busy={busy}
        />
      );
  }
}
