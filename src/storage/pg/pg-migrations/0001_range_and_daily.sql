CREATE TABLE "cumulative_answers" (
	"key_id" integer NOT NULL,
	"day" text NOT NULL,
	"occurrences" bigint DEFAULT 0 NOT NULL,
	"correct" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cumulative_answers_day_key_id_pk" PRIMARY KEY("day","key_id")
);
--> statement-breakpoint
CREATE TABLE "daily_lines" (
	"day" text NOT NULL,
	"lyric_id" integer NOT NULL,
	"occurrences" bigint DEFAULT 0 NOT NULL,
	"correct" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_lines_day_lyric_id_pk" PRIMARY KEY("day","lyric_id")
);
--> statement-breakpoint
CREATE TABLE "daily_players" (
	"player_id" integer NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "daily_players_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_scores" (
	"day" text NOT NULL,
	"score" integer NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_scores_day_score_pk" PRIMARY KEY("day","score")
);
--> statement-breakpoint
ALTER TABLE "cumulative_answers" ADD CONSTRAINT "cumulative_answers_key_id_answer_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."answer_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_lines" ADD CONSTRAINT "daily_lines_lyric_id_lyrics_id_fk" FOREIGN KEY ("lyric_id") REFERENCES "public"."lyrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_players" ADD CONSTRAINT "daily_players_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cumulative_answers_key_day" ON "cumulative_answers" USING btree ("key_id","day");