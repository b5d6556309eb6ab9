-- An invitation's sessions by index (issue 17 benchmark): the respondent page's save and the invitations' analytics
-- trigger (0010) both look sessions up by invitation_id, which scanned the whole table (~55 ms a lookup at 1M).
CREATE INDEX "sessions_invitation_idx" ON "sessions" USING btree ("invitation_id") WHERE "sessions"."invitation_id" is not null;