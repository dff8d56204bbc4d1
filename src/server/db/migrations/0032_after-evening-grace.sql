CREATE TABLE "event_after_mails_due" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_friend_invitations" DROP CONSTRAINT "event_friend_invitations_inviter_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "event_friend_invitations" ALTER COLUMN "inviter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_after_mails_due" ADD CONSTRAINT "event_after_mails_due_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_friend_invitations" ADD CONSTRAINT "event_friend_invitations_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;