ALTER TABLE `NotificationItem` ADD `emailPending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `NotificationItem_emailPending_userId_idx` ON `NotificationItem` (`emailPending`,`userId`);--> statement-breakpoint
ALTER TABLE `Notifications` ADD `emailDigest` integer DEFAULT false NOT NULL;