-- Issue 27 item 12: a contributor's organisation and role belong to the campaign whose invitation
-- gave them, not to the person. Each ContributorExercise takes them from the invitation it was
-- accepted with (the used CampaignToken of its campaign for the author's address; "CONTRIBUTOR" is
-- the no-role default). CampaignUser's copies, written from whichever invitation came first and
-- shown to every other campaign's managers, are then cleared: nothing reads them any more.
UPDATE "ContributorExercise" SET
  "organization" = (
    SELECT ct."organization" FROM "CampaignToken" ct
    WHERE ct."campaignId" = "ContributorExercise"."campaignId" AND ct."usedAt" IS NOT NULL
      AND lower(ct."email") = lower(coalesce(
        (SELECT u."email" FROM "User" u WHERE u."id" = "ContributorExercise"."authorId"),
        (SELECT cu."email" FROM "CampaignUser" cu WHERE cu."id" = "ContributorExercise"."authorId")))
    ORDER BY ct."usedAt" DESC LIMIT 1),
  "role" = (
    SELECT CASE WHEN ct."role" = 'CONTRIBUTOR' THEN NULL ELSE ct."role" END FROM "CampaignToken" ct
    WHERE ct."campaignId" = "ContributorExercise"."campaignId" AND ct."usedAt" IS NOT NULL
      AND lower(ct."email") = lower(coalesce(
        (SELECT u."email" FROM "User" u WHERE u."id" = "ContributorExercise"."authorId"),
        (SELECT cu."email" FROM "CampaignUser" cu WHERE cu."id" = "ContributorExercise"."authorId")))
    ORDER BY ct."usedAt" DESC LIMIT 1)
WHERE "organization" IS NULL AND "role" IS NULL;
--> statement-breakpoint
UPDATE "CampaignUser" SET "organization" = NULL, "role" = 'CONTRIBUTOR';
