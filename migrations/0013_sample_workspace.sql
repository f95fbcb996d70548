ALTER TABLE `User` ADD `sampleWorkspace` text;--> statement-breakpoint
ALTER TABLE `CampaignExercise` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `Exercise` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `Document` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `IntelBrief` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `AfterActionReport` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ConductSession` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `CorrectiveAction` ADD `sample` integer DEFAULT false NOT NULL;