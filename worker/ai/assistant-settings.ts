import { eq } from "drizzle-orm";
import { flagOn } from "../accounts/flags";
import { getTenancyAccountId } from "../accounts/service";
import type { UserContext } from "../context";
import { accounts, users } from "../db/schema";
import { languageName } from "../../shared/profile/languages";
import { readStoredInstructions, type CustomInstructions } from "../../shared/profile/model";

/**
 * What shapes an AI answer for this caller (issue 10: one source for the design assistant, Ask
 * Readyroom and the model picker): whether their account may pick a model, the account's custom
 * instructions, the language to answer in, and whether Ask's beta actions are on.
 */
export interface AssistantSettings {
  selectionEnabled: boolean;
  actionsEnabled: boolean;
  instructions: CustomInstructions | null;
  /** The language's English name ("French"); null means the model's default. */
  language: string | null;
}

export async function assistantSettings({ db, user }: UserContext): Promise<AssistantSettings> {
  const accountId = await getTenancyAccountId(db, user.id);
  const [account, person] = await Promise.all([
    accountId
      ? db
          .select({
            modelSelectionEnabled: accounts.modelSelectionEnabled,
            customInstructions: accounts.customInstructions,
            featureFlags: accounts.featureFlags,
          })
          .from(accounts)
          .where(eq(accounts.id, accountId))
          .get()
      : Promise.resolve(undefined),
    db.select({ preferredLanguage: users.preferredLanguage }).from(users).where(eq(users.id, user.id)).get(),
  ]);
  const instructions = account ? readStoredInstructions(account.customInstructions ?? null) : null;
  // The profile's language preference wins over the personal-details one: it is the assistant's setting.
  const code = instructions?.language || person?.preferredLanguage || "";
  return {
    selectionEnabled: Boolean(account?.modelSelectionEnabled),
    actionsEnabled: flagOn(account?.featureFlags, "betaAskReadyroomActionsEnabled"),
    instructions,
    language: code ? (languageName(code) ?? null) : null,
  };
}
