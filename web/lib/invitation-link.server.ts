import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { SignUpFromLinkData } from "~/components/auth/invitation-link";
import { envOf, getOptionalUser } from "~/lib/auth.server";
import { contextFor } from "~/lib/request-context.server";
import { signupSchema, validate } from "../../shared/auth/schemas";
import { callAuth, headersWithCookies } from "../../worker/auth/service";
import { appContext, type AppContext, type UserContext } from "../../worker/context";
import { HttpError } from "../../worker/lib/errors";

/**
 * The loader and action of an e-mailed invitation link's page, shared by team invitations
 * (/invites) and campaign invitations (/collaborate/join): the flows are the same (switch account,
 * accept while signed in, sign up from the link), only the services and the landing differ.
 */

/** A link's state as the services report it; "ready" with next "sign-up" is a new person. */
type LinkState = { kind: string };
type SignUpState = { kind: "ready"; next: "sign-up"; email: string };

type Viewer = { id: string; email: string };
type Person = { userId: string; email: string; firstName: string; lastName: string };

export type InvitationLinkAdapter<S extends LinkState> = {
  /** The page of the link, to come back to (after switching account, after signing in). */
  path: (token: string) => string;
  inspect: (ctx: AppContext, token: string, viewer: Viewer | null) => Promise<S>;
  /** Accepts for the signed-in viewer; returns where to go next. */
  accept: (ctx: UserContext, token: string, viewer: Viewer) => Promise<string>;
  signUp: {
    /** The request header carrying the link's secret to better-auth's sign-up (the link proves the address). */
    header: string;
    callbackURL: string;
    /** Marks the address of the account this sign-up created (`userId`) confirmed; null when the link or the account no longer matches. */
    confirm: (ctx: AppContext, token: string, email: string, userId: string) => Promise<string | null>;
    /** The message when `confirm` returned null. */
    unconfirmed: string;
    /** Accepts for the account just made and signed in; returns where to go next. */
    accept: (ctx: UserContext, token: string, person: Person) => Promise<string>;
  };
};

export type InvitationLinkActionData<S extends LinkState> = SignUpFromLinkData & { state?: S };

function opensSignUp<S extends LinkState>(state: S): state is S & SignUpState {
  return state.kind === "ready" && "next" in state && state.next === "sign-up";
}

export function invitationLinkRoute<S extends LinkState>(link: InvitationLinkAdapter<S>) {
  type ActionData = InvitationLinkActionData<S>;

  async function loader(args: LoaderFunctionArgs) {
    const token = new URL(args.request.url).searchParams.get("token") ?? "";
    const viewer = await getOptionalUser(args);
    const state = await link.inspect(appContext(envOf(args.context)), token, viewer ? { id: viewer.id, email: viewer.email } : null);
    return { token, state };
  }

  async function action(args: ActionFunctionArgs) {
    const { request, context } = args;
    const env = envOf(context);
    const form = await request.formData();
    const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
    const intent = String(form.get("intent") ?? "");
    const here = link.path(token);
    const viewer = await getOptionalUser(args);

    if (intent === "switch") {
      // Signed in with another address: sign out and come back to the same invitation.
      const result = await callAuth(env, request, "/sign-out", { body: {} });
      throw redirect(here, { headers: headersWithCookies(result.setCookies) });
    }

    if (intent === "accept") {
      if (!viewer) throw redirect(`/login?callbackUrl=${encodeURIComponent(here)}`);
      let target: string;
      try {
        target = await link.accept(contextFor(args, viewer.id), token, { id: viewer.id, email: viewer.email });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const state = await link.inspect(appContext(env), token, { id: viewer.id, email: viewer.email });
        return data<ActionData>({ state, formError: error.message }, { status: error.status });
      }
      throw redirect(target);
    }

    if (intent === "signup") {
      const state = await link.inspect(appContext(env), token, viewer ? { id: viewer.id, email: viewer.email } : null);
      if (!opensSignUp(state)) return data<ActionData>({ state }, { status: 409 });
      const values = { firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") };
      const parsed = validate(signupSchema, { ...values, email: state.email, password: String(form.get("password") ?? "") });
      if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
      // The secret tells better-auth's sign-up that the link proved the address: no confirmation e-mail.
      const signedUp = await callAuth<{ user?: { id?: unknown } }>(env, request, "/sign-up/email", {
        body: { ...parsed.data, callbackURL: link.signUp.callbackURL },
        headers: { [link.signUp.header]: token },
      });
      if (!signedUp.ok) return data<ActionData>({ formError: signedUp.message, fieldErrors: signedUp.fieldErrors, values }, { status: signedUp.status });
      // The link came to this address, so the account this sign-up created is confirmed (only that
      // one: if the address got an account meanwhile, sign-up answers with a look-alike id); then
      // sign in and accept, in one step.
      const createdId = typeof signedUp.data.user?.id === "string" ? signedUp.data.user.id : "";
      const userId = createdId ? await link.signUp.confirm(appContext(env), token, state.email, createdId) : null;
      if (!userId) return data<ActionData>({ formError: link.signUp.unconfirmed, values }, { status: 409 });
      const signedIn = await callAuth(env, request, "/sign-in/email", { body: { email: state.email, password: parsed.data.password } });
      if (!signedIn.ok) return data<ActionData>({ formError: signedIn.message, values }, { status: signedIn.status });
      let target: string;
      try {
        target = await link.signUp.accept(contextFor(args, userId), token, {
          userId,
          email: state.email,
          firstName: parsed.data.firstName,
          lastName: parsed.data.lastName,
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // The account exists and is signed in; the page says why the invitation could not be accepted.
        const again = await link.inspect(appContext(env), token, { id: userId, email: state.email });
        return data<ActionData>({ state: again, formError: error.message }, { status: error.status, headers: headersWithCookies(signedIn.setCookies) });
      }
      throw redirect(target, { headers: headersWithCookies(signedIn.setCookies) });
    }
    return data<ActionData>({ formError: "Unknown action." }, { status: 400 });
  }

  return { loader, action };
}
