-- The on-site call (issue 17): the calling site's own id of the customer, kept as the invitee's CallbackData.
ALTER TABLE "invitees" ADD COLUMN "callback_data" text;
