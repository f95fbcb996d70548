ALTER TABLE `CorrectiveAction` ADD `completedByName` text;--> statement-breakpoint
ALTER TABLE `CorrectiveAction` ADD `verifiedByName` text;