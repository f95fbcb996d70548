CREATE TABLE `AfterActionReport` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionId` text NOT NULL,
	`userId` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`source` text NOT NULL,
	`publishedAt` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `AfterActionReport_sessionId_key` ON `AfterActionReport` (`sessionId`);--> statement-breakpoint
CREATE INDEX `AfterActionReport_userId_idx` ON `AfterActionReport` (`userId`);--> statement-breakpoint
CREATE TABLE `ConductEvent` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionId` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`actorRole` text NOT NULL,
	`actorId` text,
	`actorLabel` text DEFAULT '' NOT NULL,
	`clientKey` text,
	`payload` text NOT NULL,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ConductEvent_sessionId_seq_key` ON `ConductEvent` (`sessionId`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `ConductEvent_sessionId_clientKey_key` ON `ConductEvent` (`sessionId`,`clientKey`);--> statement-breakpoint
CREATE INDEX `ConductEvent_sessionId_kind_idx` ON `ConductEvent` (`sessionId`,`kind`);--> statement-breakpoint
CREATE TABLE `ConductSession` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`exerciseId` text NOT NULL,
	`campaignId` text,
	`name` text NOT NULL,
	`status` text DEFAULT 'ready' NOT NULL,
	`plan` text NOT NULL,
	`startedAt` integer,
	`endedAt` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ConductSession_exerciseId_idx` ON `ConductSession` (`exerciseId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `ConductSession_userId_idx` ON `ConductSession` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `ConductToken` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionId` text NOT NULL,
	`role` text NOT NULL,
	`label` text NOT NULL,
	`token` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`revokedAt` integer,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ConductToken_token_key` ON `ConductToken` (`token`);--> statement-breakpoint
CREATE INDEX `ConductToken_sessionId_idx` ON `ConductToken` (`sessionId`);--> statement-breakpoint
CREATE TABLE `CorrectiveAction` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`sessionId` text,
	`reportId` text,
	`planRowId` text NOT NULL,
	`exerciseId` text NOT NULL,
	`campaignId` text,
	`exerciseName` text NOT NULL,
	`capability` text NOT NULL,
	`issue` text NOT NULL,
	`action` text NOT NULL,
	`element` text NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`pointOfContact` text DEFAULT '' NOT NULL,
	`startDate` text,
	`dueDate` text,
	`status` text DEFAULT 'open' NOT NULL,
	`completedAt` integer,
	`verifiedAt` integer,
	`verifiedBySessionId` text,
	`verificationNote` text DEFAULT '' NOT NULL,
	`lastReminderAt` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reportId`) REFERENCES `AfterActionReport`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`verifiedBySessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CorrectiveAction_reportId_planRowId_key` ON `CorrectiveAction` (`reportId`,`planRowId`);--> statement-breakpoint
CREATE INDEX `CorrectiveAction_userId_status_dueDate_idx` ON `CorrectiveAction` (`userId`,`status`,`dueDate`);--> statement-breakpoint
CREATE INDEX `CorrectiveAction_status_dueDate_idx` ON `CorrectiveAction` (`status`,`dueDate`);--> statement-breakpoint
CREATE TABLE `Eeg` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionId` text NOT NULL,
	`content` text NOT NULL,
	`source` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `Eeg_sessionId_key` ON `Eeg` (`sessionId`);--> statement-breakpoint
CREATE TABLE `FeedbackResponse` (
	`id` text PRIMARY KEY NOT NULL,
	`sessionId` text NOT NULL,
	`tokenId` text,
	`clientKey` text NOT NULL,
	`content` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tokenId`) REFERENCES `ConductToken`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `FeedbackResponse_sessionId_idx` ON `FeedbackResponse` (`sessionId`,`createdAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `FeedbackResponse_sessionId_clientKey_key` ON `FeedbackResponse` (`sessionId`,`clientKey`);