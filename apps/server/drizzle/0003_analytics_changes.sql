-- The change sequence the analytics replica follows (ARCHITECTURE §2). Statement-level triggers log one
-- analytics_changes row per distinct session a statement touched, so a 1000-row insert costs one extra
-- INSERT … SELECT, not 1000 trigger calls. Op 'I' a new session, 'U' anything about it changed, 'D' the session
-- itself is gone. Bulk loads run `SET LOCAL loupe.bulk_load = 'on'` and rebuild the replica afterwards.
-- PostgreSQL allows transition tables only on single-event triggers, hence one trigger per event.
CREATE FUNCTION analytics_log_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('loupe.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'I' FROM new_rows ORDER BY id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'U' FROM (SELECT tenant_id, id FROM new_rows UNION SELECT tenant_id, id FROM old_rows) c
    ORDER BY id;
  ELSE
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, id, 'D' FROM old_rows ORDER BY id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- answers, text_analyses and text_topics: rows that belong to a session through session_id.
CREATE FUNCTION analytics_log_session_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('loupe.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT DISTINCT tenant_id, session_id, 'U' FROM new_rows ORDER BY session_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT tenant_id, session_id, 'U'
    FROM (SELECT tenant_id, session_id FROM new_rows UNION SELECT tenant_id, session_id FROM old_rows) c
    ORDER BY session_id;
  ELSE
    INSERT INTO analytics_changes (tenant_id, session_id, op)
    SELECT DISTINCT tenant_id, session_id, 'U' FROM old_rows ORDER BY session_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An invitee carries the transaction's facts (channel, product, dates): a change re-logs each of its sessions.
CREATE FUNCTION analytics_log_invitees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('loupe.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO analytics_changes (tenant_id, session_id, op)
  SELECT s.tenant_id, s.id, 'U' FROM sessions s WHERE s.invitee_id IN (SELECT id FROM new_rows) ORDER BY s.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_analytics_insert AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_analytics_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_analytics_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_sessions();
--> statement-breakpoint
CREATE TRIGGER answers_analytics_insert AFTER INSERT ON answers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER answers_analytics_update AFTER UPDATE ON answers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER answers_analytics_delete AFTER DELETE ON answers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_analyses_analytics_insert AFTER INSERT ON text_analyses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_analyses_analytics_update AFTER UPDATE ON text_analyses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_analyses_analytics_delete AFTER DELETE ON text_analyses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_topics_analytics_insert AFTER INSERT ON text_topics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_topics_analytics_update AFTER UPDATE ON text_topics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER text_topics_analytics_delete AFTER DELETE ON text_topics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_session_rows();
--> statement-breakpoint
CREATE TRIGGER invitees_analytics_update AFTER UPDATE ON invitees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_invitees();
