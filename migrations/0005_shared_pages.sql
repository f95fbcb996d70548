CREATE TABLE `SharedPage` (
	`id` text PRIMARY KEY NOT NULL,
	`briefId` text,
	`alertId` text,
	`version` text NOT NULL,
	`state` text NOT NULL,
	`title` text NOT NULL,
	`html` text NOT NULL,
	`renderedAt` integer NOT NULL,
	FOREIGN KEY (`briefId`) REFERENCES `IntelBrief`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alertId`) REFERENCES `Alert`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "SharedPage_one_item" CHECK(("briefId" IS NULL) <> ("alertId" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `SharedPage_briefId_key` ON `SharedPage` (`briefId`);--> statement-breakpoint
CREATE UNIQUE INDEX `SharedPage_alertId_key` ON `SharedPage` (`alertId`);