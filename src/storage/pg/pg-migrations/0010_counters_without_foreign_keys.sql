ALTER TABLE "album_stats" DROP CONSTRAINT "album_stats_album_id_albums_id_fk";
--> statement-breakpoint
ALTER TABLE "cumulative_answers" DROP CONSTRAINT "cumulative_answers_key_id_answer_keys_id_fk";
--> statement-breakpoint
ALTER TABLE "cumulative_confusions" DROP CONSTRAINT "cumulative_confusions_lyric_id_lyrics_id_fk";
--> statement-breakpoint
ALTER TABLE "cumulative_confusions" DROP CONSTRAINT "cumulative_confusions_selected_song_id_songs_id_fk";
--> statement-breakpoint
ALTER TABLE "lyric_confusions" DROP CONSTRAINT "lyric_confusions_lyric_id_lyrics_id_fk";
--> statement-breakpoint
ALTER TABLE "lyric_confusions" DROP CONSTRAINT "lyric_confusions_selected_song_id_songs_id_fk";
--> statement-breakpoint
ALTER TABLE "lyric_stats" DROP CONSTRAINT "lyric_stats_lyric_id_lyrics_id_fk";
--> statement-breakpoint
ALTER TABLE "song_confusions" DROP CONSTRAINT "song_confusions_song_id_songs_id_fk";
--> statement-breakpoint
ALTER TABLE "song_confusions" DROP CONSTRAINT "song_confusions_selected_song_id_songs_id_fk";
--> statement-breakpoint
ALTER TABLE "song_stats" DROP CONSTRAINT "song_stats_song_id_songs_id_fk";
