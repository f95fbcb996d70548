CREATE TABLE `ClientGroup` (
	`clientId` text NOT NULL,
	`groupId` text NOT NULL,
	PRIMARY KEY(`clientId`, `groupId`),
	FOREIGN KEY (`clientId`) REFERENCES `Client`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`groupId`) REFERENCES `Group`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ClientGroup_groupId_idx` ON `ClientGroup` (`groupId`);--> statement-breakpoint
ALTER TABLE `Client` ADD `archivedAt` integer;--> statement-breakpoint
ALTER TABLE `Group` ADD `accountId` text REFERENCES Account(id);--> statement-breakpoint
CREATE INDEX `Group_accountId_idx` ON `Group` (`accountId`);