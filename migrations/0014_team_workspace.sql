CREATE TABLE `TeamShare` (
	`id` text PRIMARY KEY NOT NULL,
	`teamId` text NOT NULL,
	`kind` text NOT NULL,
	`itemId` text NOT NULL,
	`ownerId` text NOT NULL,
	`access` text DEFAULT 'read' NOT NULL,
	`sharedById` text,
	`createdAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teamId`) REFERENCES `Team`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ownerId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sharedById`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `TeamShare_kind_itemId_key` ON `TeamShare` (`kind`,`itemId`);--> statement-breakpoint
CREATE INDEX `TeamShare_teamId_kind_idx` ON `TeamShare` (`teamId`,`kind`);--> statement-breakpoint
ALTER TABLE `Team` ADD `shareNewDocuments` integer DEFAULT false NOT NULL;