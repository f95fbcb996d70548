-- Keyword search over document chunks (drizzle-kit cannot declare virtual tables, so this step is
-- hand-written; see worker/documents/index-store.ts). A standalone FTS5 table rather than an
-- external-content one: each row also carries the chunk's heading, position and page, which
-- DocumentChunk has no columns for, and 0000 must not change. The FTS rowid is the chunk's rowid.
CREATE VIRTUAL TABLE `DocumentChunkFts` USING fts5(
	`content`,
	`heading`,
	`chunkId` UNINDEXED,
	`documentId` UNINDEXED,
	`userId` UNINDEXED,
	`position` UNINDEXED,
	`page` UNINDEXED,
	tokenize = 'porter unicode61'
);
--> statement-breakpoint
-- Whatever deletes a chunk (re-ingest, deleteDocumentIndex, the cascade from a deleted Document
-- or User) also deletes its index row, so search can never return text that is gone.
CREATE TRIGGER `DocumentChunk_fts_delete` AFTER DELETE ON `DocumentChunk` BEGIN
	DELETE FROM `DocumentChunkFts` WHERE rowid = old.rowid;
END;
