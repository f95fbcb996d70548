ALTER TABLE `ConductEvent` ADD `scenarioAt` integer;--> statement-breakpoint
ALTER TABLE `ConductSession` ADD `hotWashMinutes` integer;