CREATE TABLE "klikk_feedback" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	CONSTRAINT "klikk_feedback_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "klikk_feedback_rating" CHECK ("klikk_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "event_met_counts" ADD COLUMN "new_pairs" integer;--> statement-breakpoint
ALTER TABLE "klikk_feedback" ADD CONSTRAINT "klikk_feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_feedback" ADD CONSTRAINT "klikk_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klikk_feedback_user_idx" ON "klikk_feedback" USING btree ("user_id");