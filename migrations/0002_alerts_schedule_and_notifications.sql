CREATE TABLE `NotificationItem` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`dedupeKey` text NOT NULL,
	`inApp` integer DEFAULT true NOT NULL,
	`readAt` integer,
	`emailedAt` integer,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `NotificationItem_userId_dedupeKey_key` ON `NotificationItem` (`userId`,`dedupeKey`);--> statement-breakpoint
CREATE INDEX `NotificationItem_userId_createdAt_idx` ON `NotificationItem` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `NotificationItem_userId_inApp_readAt_idx` ON `NotificationItem` (`userId`,`inApp`,`readAt`);--> statement-breakpoint
ALTER TABLE `AlertSummary` ADD `notice` text;--> statement-breakpoint
ALTER TABLE `AlertSummary` ADD `creditsCharged` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `AlertSummary_alertId_triggerDate_key` ON `AlertSummary` (`alertId`,`triggerDate`);--> statement-breakpoint
ALTER TABLE `Alert` ADD `cadence` text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE `Alert` ADD `nextRunAt` integer;--> statement-breakpoint
CREATE INDEX `Alert_isActive_nextRunAt_idx` ON `Alert` (`isActive`,`nextRunAt`);--> statement-breakpoint
-- Alerts made before scheduling existed are due at the next cron tick (hand-written backfill).
UPDATE `Alert` SET `nextRunAt` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `nextRunAt` IS NULL AND `isActive` = 1;
