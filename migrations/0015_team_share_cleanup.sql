-- A shared item's TeamShare row goes with the item, whatever deletes it (the library, a cascade
-- from its author's account, the sample-data removal): TeamShare.itemId names rows of three tables,
-- so no foreign key can say it.
CREATE TRIGGER `TeamShare_document_delete` AFTER DELETE ON `Document` BEGIN
	DELETE FROM `TeamShare` WHERE `kind` = 'document' AND `itemId` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `TeamShare_exercise_delete` AFTER DELETE ON `Exercise` BEGIN
	DELETE FROM `TeamShare` WHERE `kind` = 'exercise' AND `itemId` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `TeamShare_brief_delete` AFTER DELETE ON `IntelBrief` BEGIN
	DELETE FROM `TeamShare` WHERE `kind` = 'brief' AND `itemId` = old.`id`;
END;
