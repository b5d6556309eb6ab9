-- Invitations in the analytics replica (docs/surveys-statistics.md). An invitation is sent, delivered and opened
-- without any session, so the session ops of 0003 do not cover it: statement-level triggers log each invitation a
-- statement touched into the same analytics_changes sequence, with the invitation's id in session_id and op 'V'
-- (inserted or changed) or 'X' (gone). The replica's sync tells the two kinds apart by op. A changed interaction
-- channel also re-logs the invitation's sessions (the replica's sessions carry it). Bulk loads skip the log as in
-- 0003 and rebuild the replica afterwards.
CREATE FUNCTION analytics_log_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('loupe.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'V' FROM new_rows ORDER BY id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'V' FROM new_rows ORDER BY id;
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT s.tenant_id, s.id, 'U'
    FROM sessions s JOIN new_rows n ON n.id = s.invitation_id JOIN old_rows o ON o.id = n.id
    WHERE n.channel IS DISTINCT FROM o.channel
    ORDER BY s.id;
  ELSE
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'X' FROM old_rows ORDER BY id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An invitee carries the transaction's channel, product and employee: a change re-logs each of its sessions (as in
-- 0003) and now each of its invitations.
CREATE OR REPLACE FUNCTION analytics_log_invitees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('loupe.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO analytics_changes (tenant_id, session_id, op)
  SELECT s.tenant_id, s.id, 'U' FROM sessions s WHERE s.invitee_id IN (SELECT id FROM new_rows) ORDER BY s.id;
  INSERT INTO analytics_changes (tenant_id, session_id, op)
  SELECT v.tenant_id, v.id, 'V' FROM invitations v WHERE v.invitee_id IN (SELECT id FROM new_rows) ORDER BY v.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invitations_analytics_insert AFTER INSERT ON invitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_invitations();
--> statement-breakpoint
CREATE TRIGGER invitations_analytics_update AFTER UPDATE ON invitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_invitations();
--> statement-breakpoint
CREATE TRIGGER invitations_analytics_delete AFTER DELETE ON invitations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_invitations();
