CREATE TABLE `CalendarFeed` (
	`userId` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `CalendarFeed_token_key` ON `CalendarFeed` (`token`);