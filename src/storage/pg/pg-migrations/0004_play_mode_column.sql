-- A play's "difficulty" column holds the daily challenge's modes too (docs/decisions/021): it is a
-- play mode, and the score histograms are kept per play mode. Renamed, values unchanged.
ALTER TABLE "plays" RENAME COLUMN "difficulty" TO "mode";--> statement-breakpoint
ALTER TABLE "score_stats" RENAME COLUMN "difficulty" TO "mode";--> statement-breakpoint
ALTER TABLE "score_stats" RENAME CONSTRAINT "score_stats_difficulty_score_pk" TO "score_stats_mode_score_pk";--> statement-breakpoint
ALTER TABLE "cumulative_scores" RENAME COLUMN "difficulty" TO "mode";--> statement-breakpoint
ALTER TABLE "cumulative_scores" RENAME CONSTRAINT "cumulative_scores_difficulty_day_pk" TO "cumulative_scores_mode_day_pk";
