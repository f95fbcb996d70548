CREATE TABLE `ConductWatcher` (
	`userId` text NOT NULL,
	`sessionId` text NOT NULL,
	`openedAt` integer NOT NULL,
	PRIMARY KEY(`userId`, `sessionId`),
	FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sessionId`) REFERENCES `ConductSession`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ConductWatcher_sessionId_idx` ON `ConductWatcher` (`sessionId`);--> statement-breakpoint
ALTER TABLE `ConductSession` ADD `clientId` text;