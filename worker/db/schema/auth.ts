import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp, updatedAt } from "../columns";

/**
 * Identity tables, shared with better-auth through its drizzle adapter. Column names follow the
 * spec (§3 User, Account, Session); worker/auth maps better-auth's field names onto them
 * (e.g. better-auth `providerId` → `provider`, `token` → `sessionToken`, `expiresAt` → `expires`).
 */
const sampleWorkspaceStates = ["pending", "created", "removed", "skipped"] as const;

export const users = sqliteTable(
  "User",
  {
    id: id(),
    /** better-auth requires a display name; kept as "firstName lastName". */
    name: text("name").notNull().default(""),
    firstName: text("firstName").notNull().default(""),
    lastName: text("lastName").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: bool("emailVerified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    address: text("address"),
    city: text("city"),
    country: text("country"),
    postalCode: text("postalCode"),
    role: text("role", { enum: ["admin", "basic"] })
      .notNull()
      .default("basic"),
    state: text("state"),
    organization: text("organization"),
    phone: text("phone"),
    preferredLanguage: text("preferredLanguage"),
    creditSettingsId: text("creditSettingsId"),
    disabledAt: timestamp("disabledAt"),
    onboarded: bool("onboarded").notNull().default(false),
    isBeta: bool("isBeta").notNull().default(false),
    /** Legacy column of migrated users; better-auth keeps credential hashes on the Account row. */
    password: text("password"),
    teamId: text("teamId"),
    mfaType: text("mfaType", { enum: ["EMAIL", "TOTP"] }),
    twoFactorEnabled: bool("twoFactorEnabled").notNull().default(false),
    /**
     * The sample workspace (worker/sample): "pending" from sign-up until the first dashboard
     * creates it, then "created"; "removed" once the user removed it, "skipped" for someone who
     * joined a team's workspace first. Null for accounts made before it existed (and the demo
     * seed's), which never get one.
     */
    sampleWorkspace: text("sampleWorkspace", { enum: sampleWorkspaceStates }),
  },
  (t) => [uniqueIndex("User_email_key").on(t.email), index("User_teamId_idx").on(t.teamId)],
);

export const sessions = sqliteTable(
  "Session",
  {
    id: id(),
    sessionToken: text("sessionToken").notNull(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires: timestamp("expires").notNull(),
    ipAddress: text("ipAddress"),
    userAgent: text("userAgent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("Session_sessionToken_key").on(t.sessionToken), index("Session_userId_idx").on(t.userId)],
);

/**
 * Account: the sign-in link of a provider (NextAuth-style fields of spec §3) and, for the account a
 * user is given at sign-up, the billing and tenancy record (Stripe ids, type, flags, custom
 * instructions). Users reach their tenancy account through UserAccount (worker/db/schema/accounts.ts).
 */
export const accounts = sqliteTable(
  "Account",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("providerAccountId").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: timestamp("expires_at"),
    refresh_token_expires_at: timestamp("refresh_token_expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
    /** better-auth's credential hash (scrypt); never leaves worker/auth. */
    password: text("password"),
    name: text("name"),
    stripeCustomerId: text("stripeCustomerId"),
    stripeSubscriptionId: text("stripeSubscriptionId"),
    customInstructions: text("customInstructions", { mode: "json" }),
    collaborateEnabled: bool("collaborateEnabled").notNull().default(false),
    modelSelectionEnabled: bool("modelSelectionEnabled").notNull().default(false),
    featureFlags: text("featureFlags", { mode: "json" }),
    type: text("type", { enum: ["TEAM", "ENTERPRISE", "SOLO"] })
      .notNull()
      .default("SOLO"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("Account_provider_providerAccountId_key").on(t.provider, t.providerAccountId),
    uniqueIndex("Account_stripeCustomerId_key").on(t.stripeCustomerId),
    uniqueIndex("Account_stripeSubscriptionId_key").on(t.stripeSubscriptionId),
    index("Account_userId_idx").on(t.userId),
  ],
);

/** better-auth's verification values (reset tokens, e-mail OTPs). */
export const verifications = sqliteTable(
  "Verification",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expiresAt").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("Verification_identifier_idx").on(t.identifier)],
);

/** better-auth twoFactor plugin: TOTP secret and hashed recovery codes. */
export const twoFactors = sqliteTable(
  "TwoFactor",
  {
    id: id(),
    secret: text("secret").notNull(),
    backupCodes: text("backupCodes").notNull(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** False between enrolment and the first correct code, so a half-finished enrolment never locks anyone out. */
    verified: bool("verified").notNull().default(true),
    failedVerificationCount: integer("failedVerificationCount").notNull().default(0),
    lockedUntil: timestamp("lockedUntil"),
  },
  (t) => [index("TwoFactor_userId_idx").on(t.userId), index("TwoFactor_secret_idx").on(t.secret)],
);

/** better-auth database rate-limit storage (sign-in attempts), shared by every isolate. */
export const rateLimits = sqliteTable(
  "RateLimit",
  {
    id: id(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    lastRequest: integer("lastRequest").notNull(),
  },
  (t) => [uniqueIndex("RateLimit_key_key").on(t.key)],
);
