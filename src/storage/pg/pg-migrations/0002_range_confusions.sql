CREATE TABLE "cumulative_confusions" (
	"lyric_id" integer NOT NULL,
	"selected_song_id" integer NOT NULL,
	"day" text NOT NULL,
	"times" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cumulative_confusions_day_lyric_id_selected_song_id_pk" PRIMARY KEY("day","lyric_id","selected_song_id")
);
--> statement-breakpoint
ALTER TABLE "cumulative_confusions" ADD CONSTRAINT "cumulative_confusions_lyric_id_lyrics_id_fk" FOREIGN KEY ("lyric_id") REFERENCES "public"."lyrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cumulative_confusions" ADD CONSTRAINT "cumulative_confusions_selected_song_id_songs_id_fk" FOREIGN KEY ("selected_song_id") REFERENCES "public"."songs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cumulative_confusions_pair_day" ON "cumulative_confusions" USING btree ("lyric_id","selected_song_id","day");