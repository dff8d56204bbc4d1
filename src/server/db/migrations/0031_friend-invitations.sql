CREATE TABLE "event_friend_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"inviter_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"friend_id" text,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "friends_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_friend_invitations" ADD CONSTRAINT "event_friend_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_friend_invitations" ADD CONSTRAINT "event_friend_invitations_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_friend_invitations" ADD CONSTRAINT "event_friend_invitations_friend_id_user_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_friend_invitations_event_idx" ON "event_friend_invitations" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_friend_invitations_inviter_idx" ON "event_friend_invitations" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "event_friend_invitations_friend_idx" ON "event_friend_invitations" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_friend_invitations_one_per_member" ON "event_friend_invitations" USING btree ("event_id","inviter_id") WHERE "event_friend_invitations"."status" in ('open', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "event_friend_invitations_one_per_address" ON "event_friend_invitations" USING btree ("event_id","email") WHERE "event_friend_invitations"."status" in ('open', 'accepted');