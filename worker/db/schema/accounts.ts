import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp, updatedAt } from "../columns";
import { accounts, users } from "./auth";

export const userAccountRoles = ["OWNER", "ADMIN", "MEMBER"] as const;

/**
 * Users ↔ accounts join of spec §3. A user's tenancy account is their UserAccount row: the SOLO
 * account created at sign-up, or the team owner's account for team members.
 */
export const userAccounts = sqliteTable(
  "UserAccount",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role", { enum: userAccountRoles }).notNull().default("OWNER"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index("UserAccount_accountId_idx").on(t.accountId)],
);

export const clients = sqliteTable(
  "Client",
  {
    id: id(),
    name: text("name").notNull(),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Archived clients leave the pickers; their exercises and documents stay (docs/decisions/0014). */
    archivedAt: timestamp("archivedAt"),
  },
  (t) => [index("Client_accountId_idx").on(t.accountId)],
);

export const clientUsers = sqliteTable(
  "ClientUser",
  {
    clientId: text("clientId")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index("ClientUser_userId_idx").on(t.userId)],
);

export const groups = sqliteTable(
  "Group",
  {
    id: id(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The enterprise account the group belongs to (issue 13): groups are assigned to its clients. */
    accountId: text("accountId").references(() => accounts.id, { onDelete: "cascade" }),
  },
  (t) => [index("Group_accountId_idx").on(t.accountId)],
);

export const groupUsers = sqliteTable(
  "GroupUser",
  {
    groupId: text("groupId")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("GroupUser_userId_idx").on(t.userId)],
);

/** Groups assigned to a client: every member of the group works on the client (issue 13). */
export const clientGroups = sqliteTable(
  "ClientGroup",
  {
    clientId: text("clientId")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    groupId: text("groupId")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.groupId] }), index("ClientGroup_groupId_idx").on(t.groupId)],
);

export const authTokenPurposes = ["INVITATION", "PASSWORD_RESET", "GENERAL"] as const;

export const authTokens = sqliteTable(
  "AuthToken",
  {
    id: id(),
    /** Store a hash of the secret, not the secret itself. */
    token: text("token").notNull(),
    expires: timestamp("expires").notNull(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    purpose: text("purpose", { enum: authTokenPurposes }).notNull().default("GENERAL"),
  },
  (t) => [uniqueIndex("AuthToken_token_key").on(t.token), index("AuthToken_userId_idx").on(t.userId)],
);

export const cognitoUsers = sqliteTable(
  "CognitoUser",
  {
    id: id(),
    email: text("email").notNull(),
    cognitoId: text("cognitoId").notNull(),
  },
  (t) => [uniqueIndex("CognitoUser_cognitoId_key").on(t.cognitoId), index("CognitoUser_email_idx").on(t.email)],
);

/** Users imported from the previous system; newId points at the User row they became. */
export const migratedUsers = sqliteTable(
  "MigratedUser",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("firstName"),
    lastName: text("lastName"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    postalCode: text("postalCode"),
    role: text("role"),
    organization: text("organization"),
    stripeCustomerId: text("stripeCustomerId"),
    stripeSubscriptionId: text("stripeSubscriptionId"),
    stripePriceId: text("stripePriceId"),
    stripeCurrentPeriodEnd: timestamp("stripeCurrentPeriodEnd"),
    subscriptionType: text("subscriptionType"),
    newId: text("newId").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("MigratedUser_email_idx").on(t.email), index("MigratedUser_newId_idx").on(t.newId)],
);

export const notifications = sqliteTable(
  "Notifications",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    liveNotifications: bool("liveNotifications").notNull().default(true),
    emailNotifications: bool("emailNotifications").notNull().default(true),
    inAppNotifications: bool("inAppNotifications").notNull().default(true),
    pushNotifications: bool("pushNotifications").notNull().default(false),
    /** E-mail copies wait for one daily digest (worker/notifications/digest.ts) instead of going one by one. */
    emailDigest: bool("emailDigest").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("Notifications_userId_key").on(t.userId)],
);

/**
 * One in-app notification (the bell's list): an alert summary, a skipped summary… `dedupeKey`
 * names the cause ("alert-summary:<alertId>:<triggerDate>"), so a retried producer writes it once.
 * `emailedAt` is claimed before the e-mail copy is sent, so a redelivery does not mail twice.
 */
export const notificationItems = sqliteTable(
  "NotificationItem",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** An in-app path the item opens ("/intelligence?alert=…"); never an external URL. */
    link: text("link"),
    dedupeKey: text("dedupeKey").notNull(),
    /** Shown in the bell. False when only the e-mail copy was wanted: the row then only records delivery. */
    inApp: bool("inApp").notNull().default(true),
    readAt: timestamp("readAt"),
    emailedAt: timestamp("emailedAt"),
    /** Its e-mail copy waits for the owner's daily digest (set instead of sending, cleared when the digest claims it). */
    emailPending: bool("emailPending").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("NotificationItem_userId_dedupeKey_key").on(t.userId, t.dedupeKey),
    index("NotificationItem_userId_createdAt_idx").on(t.userId, t.createdAt),
    index("NotificationItem_userId_inApp_readAt_idx").on(t.userId, t.inApp, t.readAt),
    index("NotificationItem_emailPending_userId_idx").on(t.emailPending, t.userId),
  ],
);

export type NotificationItem = typeof notificationItems.$inferSelect;
export type UserAccount = typeof userAccounts.$inferSelect;
export type Client = typeof clients.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];
