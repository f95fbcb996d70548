CREATE TABLE `Account` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`provider` text NOT NULL,
	`providerAccountId` text NOT NULL,
	`refresh_token` text,
	`access_token` text,
	`expires_at` integer,
	`refresh_token_expires_at` integer,
	`token_type` text,
	`scope` text,
	`id_token` text,
	`session_state` text,
	`password` text,
	`name` text,
	`stripeCustomerId` text,
	`stripeSubscriptionId` text,
	`customInstructions` text,
	`collaborateEnabled` integer DEFAULT false NOT NULL,
	`modelSelectionEnabled` integer DEFAULT false NOT NULL,
	`featureFlags` text,
	`type` text DEFAULT 'SOLO' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Account_provider_providerAccountId_key` ON `Account` (`provider`,`providerAccountId`);--> statement-breakpoint
CREATE UNIQUE INDEX `Account_stripeCustomerId_key` ON `Account` (`stripeCustomerId`);--> statement-breakpoint
CREATE UNIQUE INDEX `Account_stripeSubscriptionId_key` ON `Account` (`stripeSubscriptionId`);--> statement-breakpoint
CREATE INDEX `Account_userId_idx` ON `Account` (`userId`);--> statement-breakpoint
CREATE TABLE `RateLimit` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`lastRequest` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `RateLimit_key_key` ON `RateLimit` (`key`);--> statement-breakpoint
CREATE TABLE `Session` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionToken` text NOT NULL,
	`userId` text NOT NULL,
	`expires` integer NOT NULL,
	`ipAddress` text,
	`userAgent` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Session_sessionToken_key` ON `Session` (`sessionToken`);--> statement-breakpoint
CREATE INDEX `Session_userId_idx` ON `Session` (`userId`);--> statement-breakpoint
CREATE TABLE `TwoFactor` (
	`id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`backupCodes` text NOT NULL,
	`userId` text NOT NULL,
	`verified` integer DEFAULT true NOT NULL,
	`failedVerificationCount` integer DEFAULT 0 NOT NULL,
	`lockedUntil` integer,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `TwoFactor_userId_idx` ON `TwoFactor` (`userId`);--> statement-breakpoint
CREATE INDEX `TwoFactor_secret_idx` ON `TwoFactor` (`secret`);--> statement-breakpoint
CREATE TABLE `User` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`firstName` text DEFAULT '' NOT NULL,
	`lastName` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`emailVerified` integer DEFAULT false NOT NULL,
	`image` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`address` text,
	`city` text,
	`country` text,
	`postalCode` text,
	`role` text DEFAULT 'basic' NOT NULL,
	`state` text,
	`organization` text,
	`phone` text,
	`preferredLanguage` text,
	`creditSettingsId` text,
	`disabledAt` integer,
	`onboarded` integer DEFAULT false NOT NULL,
	`isBeta` integer DEFAULT false NOT NULL,
	`password` text,
	`teamId` text,
	`mfaType` text,
	`twoFactorEnabled` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `User_email_key` ON `User` (`email`);--> statement-breakpoint
CREATE INDEX `User_teamId_idx` ON `User` (`teamId`);--> statement-breakpoint
CREATE TABLE `Verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `Verification_identifier_idx` ON `Verification` (`identifier`);--> statement-breakpoint
CREATE TABLE `AuthToken` (
	`id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`expires` integer NOT NULL,
	`userId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`purpose` text DEFAULT 'GENERAL' NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `AuthToken_token_key` ON `AuthToken` (`token`);--> statement-breakpoint
CREATE INDEX `AuthToken_userId_idx` ON `AuthToken` (`userId`);--> statement-breakpoint
CREATE TABLE `ClientUser` (
	`clientId` text NOT NULL,
	`userId` text NOT NULL,
	PRIMARY KEY(`clientId`, `userId`),
	FOREIGN KEY (`clientId`) REFERENCES `Client`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ClientUser_userId_idx` ON `ClientUser` (`userId`);--> statement-breakpoint
CREATE TABLE `Client` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`accountId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `Client_accountId_idx` ON `Client` (`accountId`);--> statement-breakpoint
CREATE TABLE `CognitoUser` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`cognitoId` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CognitoUser_cognitoId_key` ON `CognitoUser` (`cognitoId`);--> statement-breakpoint
CREATE INDEX `CognitoUser_email_idx` ON `CognitoUser` (`email`);--> statement-breakpoint
CREATE TABLE `GroupUser` (
	`groupId` text NOT NULL,
	`userId` text NOT NULL,
	PRIMARY KEY(`groupId`, `userId`),
	FOREIGN KEY (`groupId`) REFERENCES `Group`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `GroupUser_userId_idx` ON `GroupUser` (`userId`);--> statement-breakpoint
CREATE TABLE `Group` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `MigratedUser` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`firstName` text,
	`lastName` text,
	`phone` text,
	`address` text,
	`city` text,
	`state` text,
	`country` text,
	`postalCode` text,
	`role` text,
	`organization` text,
	`stripeCustomerId` text,
	`stripeSubscriptionId` text,
	`stripePriceId` text,
	`stripeCurrentPeriodEnd` integer,
	`subscriptionType` text,
	`newId` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`newId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `MigratedUser_email_idx` ON `MigratedUser` (`email`);--> statement-breakpoint
CREATE INDEX `MigratedUser_newId_idx` ON `MigratedUser` (`newId`);--> statement-breakpoint
CREATE TABLE `Notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`liveNotifications` integer DEFAULT true NOT NULL,
	`emailNotifications` integer DEFAULT true NOT NULL,
	`inAppNotifications` integer DEFAULT true NOT NULL,
	`pushNotifications` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Notifications_userId_key` ON `Notifications` (`userId`);--> statement-breakpoint
CREATE TABLE `UserAccount` (
	`userId` text NOT NULL,
	`accountId` text NOT NULL,
	`role` text DEFAULT 'OWNER' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`userId`, `accountId`),
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `UserAccount_accountId_idx` ON `UserAccount` (`accountId`);--> statement-breakpoint
CREATE TABLE `AccountPlanMetadata` (
	`id` text PRIMARY KEY NOT NULL,
	`accountId` text NOT NULL,
	`planType` text NOT NULL,
	`billingInterval` text,
	`trialEndDate` integer,
	`isInTrial` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`currentPeriodEnd` integer,
	`cancelAtPeriodEnd` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'admin' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `AccountPlanMetadata_accountId_key` ON `AccountPlanMetadata` (`accountId`);--> statement-breakpoint
CREATE TABLE `Action` (
	`id` text PRIMARY KEY NOT NULL,
	`accountId` text NOT NULL,
	`userId` text,
	`category` text NOT NULL,
	`entityId` text,
	`entityType` text,
	`metadata` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completedAt` integer,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `Action_accountId_createdAt_idx` ON `Action` (`accountId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Action_userId_idx` ON `Action` (`userId`);--> statement-breakpoint
CREATE INDEX `Action_entity_idx` ON `Action` (`entityType`,`entityId`);--> statement-breakpoint
CREATE TABLE `CreditBalance` (
	`id` text PRIMARY KEY NOT NULL,
	`accountId` text NOT NULL,
	`userId` text,
	`version` integer DEFAULT 0 NOT NULL,
	`currentBalance` integer DEFAULT 0 NOT NULL,
	`grantedCreditsAvailable` integer DEFAULT 0 NOT NULL,
	`pendingSpend` integer DEFAULT 0 NOT NULL,
	`dailySpend` integer DEFAULT 0 NOT NULL,
	`monthlySpend` integer DEFAULT 0 NOT NULL,
	`yearlySpend` integer DEFAULT 0 NOT NULL,
	`totalGranted` integer DEFAULT 0 NOT NULL,
	`totalSpent` integer DEFAULT 0 NOT NULL,
	`totalExpired` integer DEFAULT 0 NOT NULL,
	`totalRefunded` integer DEFAULT 0 NOT NULL,
	`periodStartDay` integer,
	`periodStartMonth` integer,
	`periodStartYear` integer,
	`lastUpdated` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CreditBalance_accountId_key` ON `CreditBalance` (`accountId`);--> statement-breakpoint
CREATE INDEX `CreditBalance_userId_idx` ON `CreditBalance` (`userId`);--> statement-breakpoint
CREATE TABLE `CreditSettings` (
	`id` text PRIMARY KEY NOT NULL,
	`accountId` text NOT NULL,
	`userId` text,
	`hasUnlimitedUsage` integer DEFAULT false NOT NULL,
	`dailyLimit` integer,
	`monthlyLimit` integer,
	`yearlyLimit` integer,
	`lowBalanceAlert` integer,
	`autoRefillAmount` integer,
	`blockAdditionalPurchases` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CreditSettings_accountId_key` ON `CreditSettings` (`accountId`);--> statement-breakpoint
CREATE INDEX `CreditSettings_userId_idx` ON `CreditSettings` (`userId`);--> statement-breakpoint
CREATE TABLE `ProcessedStripeEvent` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `Transaction` (
	`id` text PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`idempotencyKey` text,
	`metadata` text,
	`expired` integer DEFAULT false NOT NULL,
	`expiresAt` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`accountId` text NOT NULL,
	`userId` text,
	`actionId` text,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actionId`) REFERENCES `Action`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Transaction_accountId_idempotencyKey_key` ON `Transaction` (`accountId`,`idempotencyKey`);--> statement-breakpoint
CREATE INDEX `Transaction_accountId_createdAt_idx` ON `Transaction` (`accountId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Transaction_userId_idx` ON `Transaction` (`userId`);--> statement-breakpoint
CREATE INDEX `Transaction_actionId_idx` ON `Transaction` (`actionId`);--> statement-breakpoint
CREATE INDEX `Transaction_expiresAt_idx` ON `Transaction` (`expired`,`expiresAt`);--> statement-breakpoint
CREATE TABLE `TeamInvitation` (
	`id` text PRIMARY KEY NOT NULL,
	`teamId` text NOT NULL,
	`inviteeId` text,
	`inviterId` text,
	`email` text NOT NULL,
	`collaborateRole` text DEFAULT 'STANDARD_USER' NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teamId`) REFERENCES `Team`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviteeId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`inviterId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `TeamInvitation_teamId_status_idx` ON `TeamInvitation` (`teamId`,`status`);--> statement-breakpoint
CREATE INDEX `TeamInvitation_email_idx` ON `TeamInvitation` (`email`);--> statement-breakpoint
CREATE INDEX `TeamInvitation_inviteeId_idx` ON `TeamInvitation` (`inviteeId`);--> statement-breakpoint
CREATE TABLE `TeamMember` (
	`id` text PRIMARY KEY NOT NULL,
	`teamId` text NOT NULL,
	`userId` text NOT NULL,
	`role` text DEFAULT 'MEMBER' NOT NULL,
	`collaborateRole` text DEFAULT 'STANDARD_USER' NOT NULL,
	`joinedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teamId`) REFERENCES `Team`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `TeamMember_teamId_userId_key` ON `TeamMember` (`teamId`,`userId`);--> statement-breakpoint
CREATE INDEX `TeamMember_userId_idx` ON `TeamMember` (`userId`);--> statement-breakpoint
CREATE TABLE `Team` (
	`id` text PRIMARY KEY NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`seats` integer DEFAULT 1 NOT NULL,
	`accountId` text NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `Team_accountId_idx` ON `Team` (`accountId`);--> statement-breakpoint
CREATE TABLE `AuditLog` (
	`id` text PRIMARY KEY NOT NULL,
	`accountId` text,
	`actorId` text,
	`targetUserId` text,
	`campaignId` text,
	`action` text NOT NULL,
	`metadata` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actorId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`targetUserId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `AuditLog_accountId_createdAt_idx` ON `AuditLog` (`accountId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `AuditLog_campaignId_createdAt_idx` ON `AuditLog` (`campaignId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `AuditLog_actorId_idx` ON `AuditLog` (`actorId`);--> statement-breakpoint
CREATE TABLE `EmailOutbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`kind` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `EmailOutbox_to_createdAt_idx` ON `EmailOutbox` (`to`,`createdAt`);--> statement-breakpoint
CREATE INDEX `EmailOutbox_createdAt_idx` ON `EmailOutbox` (`createdAt`);--> statement-breakpoint
CREATE TABLE `SchedulerTaskState` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`lastRun` integer,
	`isRunning` integer DEFAULT false NOT NULL,
	`error` text,
	`startedAt` integer,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `SchedulerTaskState_name_key` ON `SchedulerTaskState` (`name`);--> statement-breakpoint
CREATE TABLE `CampaignExercise` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`framework` text,
	`scenario` text,
	`threatType` text,
	`threatAnalysis` text,
	`customInstructions` text,
	`capabilitiesAndObjectives` text,
	`mselTable` text,
	`modules` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`userId` text NOT NULL,
	`completed` integer DEFAULT false NOT NULL,
	`lastActiveStep` integer,
	`lastActiveModule` integer,
	`conversationId` text,
	`lockExpires` integer,
	`lockedByUserId` text,
	`isQuickStart` integer DEFAULT false NOT NULL,
	`metadata` text,
	`campaignId` text NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lockedByUserId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`campaignId`) REFERENCES `Campaign`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `CampaignExercise_campaignId_createdAt_idx` ON `CampaignExercise` (`campaignId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `CampaignExercise_userId_updatedAt_idx` ON `CampaignExercise` (`userId`,`updatedAt`);--> statement-breakpoint
CREATE TABLE `Conversation` (
	`id` text PRIMARY KEY NOT NULL,
	`exerciseId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`messages` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `Conversation_exerciseId_idx` ON `Conversation` (`exerciseId`);--> statement-breakpoint
CREATE TABLE `Exercise` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`framework` text,
	`scenario` text,
	`threatType` text,
	`threatAnalysis` text,
	`customInstructions` text,
	`capabilitiesAndObjectives` text,
	`mselTable` text,
	`modules` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`userId` text NOT NULL,
	`completed` integer DEFAULT false NOT NULL,
	`lastActiveStep` integer,
	`lastActiveModule` integer,
	`conversationId` text,
	`lockExpires` integer,
	`lockedByUserId` text,
	`isQuickStart` integer DEFAULT false NOT NULL,
	`metadata` text,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lockedByUserId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `Exercise_userId_updatedAt_idx` ON `Exercise` (`userId`,`updatedAt`);--> statement-breakpoint
CREATE INDEX `Exercise_userId_createdAt_idx` ON `Exercise` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `Feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`exerciseId` text NOT NULL,
	`userId` text NOT NULL,
	`feedback` text NOT NULL,
	`step` text,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `Feedback_exerciseId_createdAt_idx` ON `Feedback` (`exerciseId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Feedback_userId_idx` ON `Feedback` (`userId`);--> statement-breakpoint
CREATE TABLE `QuickStartExercise` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`framework` text,
	`scenario` text,
	`threatType` text,
	`threatAnalysis` text,
	`capabilitiesAndObjectives` text,
	`customInstructions` text,
	`modules` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`conversationId` text,
	`mselTable` text
);
--> statement-breakpoint
CREATE INDEX `QuickStartExercise_name_idx` ON `QuickStartExercise` (`name`);--> statement-breakpoint
CREATE TABLE `CampaignParticipant` (
	`campaignId` text NOT NULL,
	`userId` text NOT NULL,
	`role` text DEFAULT 'CONTRIBUTOR' NOT NULL,
	`joinedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`campaignId`, `userId`),
	FOREIGN KEY (`campaignId`) REFERENCES `Campaign`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `CampaignParticipant_userId_idx` ON `CampaignParticipant` (`userId`);--> statement-breakpoint
CREATE TABLE `CampaignToken` (
	`id` text PRIMARY KEY NOT NULL,
	`campaignId` text NOT NULL,
	`email` text NOT NULL,
	`token` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`usedAt` integer,
	`revokedAt` integer,
	`fullName` text,
	`organization` text,
	`role` text DEFAULT 'CONTRIBUTOR' NOT NULL,
	FOREIGN KEY (`campaignId`) REFERENCES `Campaign`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CampaignToken_token_key` ON `CampaignToken` (`token`);--> statement-breakpoint
CREATE INDEX `CampaignToken_campaignId_idx` ON `CampaignToken` (`campaignId`);--> statement-breakpoint
CREATE INDEX `CampaignToken_email_idx` ON `CampaignToken` (`email`);--> statement-breakpoint
CREATE TABLE `CampaignUser` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`firstName` text,
	`lastName` text,
	`organization` text,
	`role` text DEFAULT 'CONTRIBUTOR' NOT NULL,
	`preferredLanguage` text,
	`passwordHash` text,
	`joinedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`lastActiveAt` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CampaignUser_email_key` ON `CampaignUser` (`email`);--> statement-breakpoint
CREATE TABLE `Campaign` (
	`id` text PRIMARY KEY NOT NULL,
	`teamId` text NOT NULL,
	`name` text NOT NULL,
	`parameters` text NOT NULL,
	`createdById` text,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`insights` text,
	`maxContributors` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teamId`) REFERENCES `Team`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`createdById`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `Campaign_teamId_createdAt_idx` ON `Campaign` (`teamId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Campaign_createdById_idx` ON `Campaign` (`createdById`);--> statement-breakpoint
CREATE TABLE `ContributorExercise` (
	`id` text PRIMARY KEY NOT NULL,
	`campaignId` text NOT NULL,
	`authorId` text NOT NULL,
	`status` text DEFAULT 'INVITED' NOT NULL,
	`phase1ThreadId` text,
	`threadId` text,
	`progress` text,
	`collectedData` text,
	`exerciseContent` text,
	`completionPercentage` integer DEFAULT 0 NOT NULL,
	`contributionCompleted` integer DEFAULT false NOT NULL,
	`exerciseGenerated` integer DEFAULT false NOT NULL,
	`exerciseConfirmed` integer DEFAULT false NOT NULL,
	`lastMessageAt` integer,
	`lastSyncedAt` integer,
	`submittedAt` integer,
	`components` text,
	`contributions` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaignId`) REFERENCES `Campaign`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ContributorExercise_campaignId_authorId_key` ON `ContributorExercise` (`campaignId`,`authorId`);--> statement-breakpoint
CREATE INDEX `ContributorExercise_authorId_idx` ON `ContributorExercise` (`authorId`);--> statement-breakpoint
CREATE TABLE `AskReadyroomChat` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`title` text,
	`metadata` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `AskReadyroomChat_userId_updatedAt_idx` ON `AskReadyroomChat` (`userId`,`updatedAt`);--> statement-breakpoint
CREATE TABLE `ChatMessage` (
	`id` text PRIMARY KEY NOT NULL,
	`chatId` text NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`metadata` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chatId`) REFERENCES `AskReadyroomChat`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ChatMessage_chatId_createdAt_idx` ON `ChatMessage` (`chatId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `ContextAssignment` (
	`id` text PRIMARY KEY NOT NULL,
	`contextId` text NOT NULL,
	`userId` text,
	`exerciseId` text,
	`campaignExerciseId` text,
	`accountId` text,
	`clientId` text,
	FOREIGN KEY (`contextId`) REFERENCES `Context`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`exerciseId`) REFERENCES `Exercise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaignExerciseId`) REFERENCES `CampaignExercise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accountId`) REFERENCES `Account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`clientId`) REFERENCES `Client`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ContextAssignment_contextId_idx` ON `ContextAssignment` (`contextId`);--> statement-breakpoint
CREATE INDEX `ContextAssignment_userId_idx` ON `ContextAssignment` (`userId`);--> statement-breakpoint
CREATE INDEX `ContextAssignment_exerciseId_idx` ON `ContextAssignment` (`exerciseId`);--> statement-breakpoint
CREATE INDEX `ContextAssignment_campaignExerciseId_idx` ON `ContextAssignment` (`campaignExerciseId`);--> statement-breakpoint
CREATE INDEX `ContextAssignment_accountId_idx` ON `ContextAssignment` (`accountId`);--> statement-breakpoint
CREATE INDEX `ContextAssignment_clientId_idx` ON `ContextAssignment` (`clientId`);--> statement-breakpoint
CREATE TABLE `Context` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `DocumentChunk` (
	`id` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`documentId` text NOT NULL,
	`contextId` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`documentId`) REFERENCES `Document`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contextId`) REFERENCES `Context`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `DocumentChunk_documentId_idx` ON `DocumentChunk` (`documentId`);--> statement-breakpoint
CREATE INDEX `DocumentChunk_contextId_idx` ON `DocumentChunk` (`contextId`);--> statement-breakpoint
CREATE TABLE `Document` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`path` text,
	`contextId` text,
	`type` text,
	`processed` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`filename` text,
	`userId` text NOT NULL,
	`workspace` text,
	`structuredContent` text,
	FOREIGN KEY (`contextId`) REFERENCES `Context`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `Document_userId_createdAt_idx` ON `Document` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Document_contextId_idx` ON `Document` (`contextId`);--> statement-breakpoint
CREATE TABLE `Embedding` (
	`id` text PRIMARY KEY NOT NULL,
	`metadata` text,
	`contextId` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`documentId` text NOT NULL,
	`filename` text,
	`name` text,
	FOREIGN KEY (`contextId`) REFERENCES `Context`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`documentId`) REFERENCES `Document`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `Embedding_documentId_idx` ON `Embedding` (`documentId`);--> statement-breakpoint
CREATE INDEX `Embedding_contextId_idx` ON `Embedding` (`contextId`);--> statement-breakpoint
CREATE TABLE `AlertSummary` (
	`id` text PRIMARY KEY NOT NULL,
	`alertId` text NOT NULL,
	`title` text,
	`content` text NOT NULL,
	`reportUrl` text,
	`triggerDate` integer,
	`sourceCount` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`alertId`) REFERENCES `Alert`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `AlertSummary_alertId_createdAt_idx` ON `AlertSummary` (`alertId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `Alert` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`askNewsAlertId` text,
	`queryText` text NOT NULL,
	`summaryContent` text,
	`isActive` integer DEFAULT true NOT NULL,
	`shareToken` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Alert_shareToken_key` ON `Alert` (`shareToken`);--> statement-breakpoint
CREATE INDEX `Alert_userId_createdAt_idx` ON `Alert` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `Alert_askNewsAlertId_idx` ON `Alert` (`askNewsAlertId`);--> statement-breakpoint
CREATE TABLE `IntelBrief` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`chatId` text,
	`messageIndex` integer,
	`shareToken` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `IntelBrief_shareToken_key` ON `IntelBrief` (`shareToken`);--> statement-breakpoint
CREATE INDEX `IntelBrief_userId_createdAt_idx` ON `IntelBrief` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `IntelligenceChat` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`messages` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `IntelligenceChat_userId_updatedAt_idx` ON `IntelligenceChat` (`userId`,`updatedAt`);