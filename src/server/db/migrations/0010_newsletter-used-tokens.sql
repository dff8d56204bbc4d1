CREATE TABLE "newsletter_used_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subscriber_id" uuid,
	"address_hash" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_used_tokens_owner" CHECK (("newsletter_used_tokens"."purpose" = 'confirm' and "newsletter_used_tokens"."subscriber_id" is not null) or ("newsletter_used_tokens"."purpose" = 'unsubscribe' and "newsletter_used_tokens"."address_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "newsletter_used_tokens" ADD CONSTRAINT "newsletter_used_tokens_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_used_tokens_used_idx" ON "newsletter_used_tokens" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "newsletter_used_tokens_subscriber_idx" ON "newsletter_used_tokens" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_used_tokens_address_idx" ON "newsletter_used_tokens" USING btree ("address_hash");