import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_SIGN_UP_HEADER, confirmCampaignInvitedAddress } from "../../worker/collaborate/join";
import { appContext } from "../../worker/context";
import { confirmInvitedAddress, INVITATION_SIGN_UP_HEADER } from "../../worker/teams/invitations";
import { testClientIp } from "../helpers/auth";
import { collaborateTeam, inviteContributor, newCampaign } from "../collaborate/campaign-helpers";
import { freshEmail, invite, teamOwner } from "../teams/helpers";

// Issue 27 item 16: a sign-up from an invitation link confirms the address of the account THIS
// sign-up created, and no other. The link proves the address to its holder, but an account
// someone else registered at that address (before the sign-up, or racing it) must stay unconfirmed.

/** better-auth's sign-up, as a page or an attacker calls it; answers the user id it reports. */
async function signUp(email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await SELF.fetch("http://localhost/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost", "cf-connecting-ip": testClientIp(), ...headers },
    body: JSON.stringify({ email, password: "a-strong-passphrase-1", firstName: "Sam", lastName: "Okafor" }),
  });
  expect(res.status, `sign-up of ${email}`).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}

const verifiedOf = async (email: string) =>
  (await env.DB.prepare(`SELECT "id", "emailVerified" FROM "User" WHERE lower("email") = lower(?)`)
    .bind(email)
    .first<{ id: string; emailVerified: number }>())!;

type Flow = {
  name: string;
  header: string;
  /** An invitation to `email`, returning the link's secret. */
  invite(email: string): Promise<string>;
  confirm: (ctx: ReturnType<typeof appContext>, secret: string, email: string, userId: string) => Promise<string | null>;
};

const flows: Flow[] = [
  {
    name: "team invitation (/invites)",
    header: INVITATION_SIGN_UP_HEADER,
    invite: async (email) => (await invite(await teamOwner(), email)).token,
    confirm: confirmInvitedAddress,
  },
  {
    name: "campaign invitation (/collaborate/join)",
    header: CAMPAIGN_SIGN_UP_HEADER,
    async invite(email) {
      const team = await collaborateTeam();
      const campaign = await newCampaign(team.owner);
      return (await inviteContributor(team.owner, campaign.id, email)).token;
    },
    confirm: confirmCampaignInvitedAddress,
  },
];

describe.each(flows)("the invitation sign-up confirms only the account it created: $name", (flow) => {
  it("an account an attacker registered at the invitee's address (just before the invitee's sign-up) stays unconfirmed", async () => {
    const email = freshEmail("invitee");
    const secret = await flow.invite(email);
    // The attacker registers the address between the page's check and the invitee's sign-up.
    const attackersId = await signUp(email);
    // The invitee's sign-up from the link: the address is taken, so better-auth answers a look-alike user.
    const answered = await signUp(email, { [flow.header]: secret });
    expect(answered).not.toBe(attackersId);
    expect(await flow.confirm(appContext(env), secret, email, answered)).toBeNull();
    expect(await verifiedOf(email)).toEqual({ id: attackersId, emailVerified: 0 });
  });

  it("another fresh, unconfirmed account is not confirmed by naming it; the account the sign-up created is", async () => {
    const email = freshEmail("invitee");
    const secret = await flow.invite(email);
    const otherId = await signUp(freshEmail("bystander"));
    expect(await flow.confirm(appContext(env), secret, email, otherId)).toBeNull();
    const createdId = await signUp(email, { [flow.header]: secret });
    expect(await flow.confirm(appContext(env), secret, email, createdId)).toBe(createdId);
    expect(await verifiedOf(email)).toEqual({ id: createdId, emailVerified: 1 });
  });
});
