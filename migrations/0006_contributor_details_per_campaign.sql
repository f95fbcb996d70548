ALTER TABLE `ContributorExercise` ADD `organization` text;--> statement-breakpoint
ALTER TABLE `ContributorExercise` ADD `role` text;