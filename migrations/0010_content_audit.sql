-- 0010: what the back office's content screens need from the database (issue 8), and the
-- public site's replaceable hero images (issue 7).
--
--   * created_by is the caller's own id, stamped on insert: the browser never sends it, so it
--     cannot be forged or forgotten (back-office 7.2 "each save adds created_by").
--   * Content changes write the activity log themselves (spec README point 9, back-office 9:
--     sermon/event/announcement created/updated/deleted, and the leaders' changes), with the
--     real client address and user agent stamped by kanisa.stamp_activity_log (0006). A trigger
--     cannot be skipped by a client that forgets the log call, and the log row commits or rolls
--     back with the change itself.
--   * public.get_service_modes(): which outside services are simulated (demo mode, README
--     point 19), for the back office's banner; answers booleans only, never a secret.
--   * the hero_images setting: staff replace the bundled hero images by uploads.

-- ---------------------------------------------------------------------------------------------
-- created_by = the signed-in caller. Service-role and owner writes (seeds, imports) keep what
-- they give, since they have no user id.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.stamp_created_by() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
BEGIN
  IF caller IS NOT NULL THEN
    NEW.created_by := caller;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER sermons_stamp_created_by BEFORE INSERT ON public.sermons
  FOR EACH ROW EXECUTE FUNCTION kanisa.stamp_created_by();
CREATE TRIGGER events_stamp_created_by BEFORE INSERT ON public.events
  FOR EACH ROW EXECUTE FUNCTION kanisa.stamp_created_by();
CREATE TRIGGER announcements_stamp_created_by BEFORE INSERT ON public.announcements
  FOR EACH ROW EXECUTE FUNCTION kanisa.stamp_created_by();

-- ---------------------------------------------------------------------------------------------
-- The activity log of content changes.
--
-- Arguments: the entity ('sermon', 'event', 'announcement', 'leader') and the column naming the
-- row for a reader ('title' or 'name'). Actions: <entity>_created, <entity>_updated,
-- <entity>_deleted; for leaders an update that sets is_active false is leader_removed (the
-- back office's soft remove). details: {id, title|name, changed: [columns]} and, when
-- is_published changed, {published: true|false}.
--
-- Only changes made through the API are logged (request.jwt.claims is set by every API
-- transaction): seeds, migrations and `kanisa` maintenance commands are not staff activity.
-- The audit_logging setting (Security tab) turns it off. SECURITY DEFINER because API roles
-- may not insert into the log directly; admin_id is therefore set here from auth.uid().
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION kanisa.log_content_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  entity text := TG_ARGV[0];
  label_column text := TG_ARGV[1];
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  changed text[];
  action text;
  details jsonb;
BEGIN
  IF coalesce(current_setting('request.jwt.claims', true), '') = '' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM public.system_settings s
             WHERE s.key = 'audit_logging' AND s.value = 'false'::jsonb) THEN
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    row_data := to_jsonb(NEW);
    action := entity || '_created';
  ELSIF TG_OP = 'DELETE' THEN
    row_data := to_jsonb(OLD);
    action := entity || '_deleted';
  ELSE
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    row_data := new_row;
    SELECT coalesce(array_agg(k ORDER BY k), '{}') INTO changed
      FROM jsonb_object_keys(new_row) AS k
     WHERE k NOT IN ('updated_at', 'created_at')
       AND new_row -> k IS DISTINCT FROM old_row -> k;
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    action := entity || '_updated';
    IF entity = 'leader' AND 'is_active' = ANY (changed)
       AND (new_row ->> 'is_active')::boolean IS FALSE THEN
      action := 'leader_removed';
    END IF;
  END IF;

  details := jsonb_build_object('id', row_data -> 'id', label_column, row_data -> label_column);
  IF changed IS NOT NULL THEN
    details := details || jsonb_build_object('changed', to_jsonb(changed));
    IF 'is_published' = ANY (changed) THEN
      details := details || jsonb_build_object('published', new_row -> 'is_published');
    END IF;
  END IF;

  INSERT INTO public.admin_activity_logs (admin_id, action, details)
  VALUES (auth.uid(), action, details);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION kanisa.log_content_change() FROM PUBLIC;

CREATE TRIGGER sermons_log_change AFTER INSERT OR UPDATE OR DELETE ON public.sermons
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('sermon', 'title');
CREATE TRIGGER events_log_change AFTER INSERT OR UPDATE OR DELETE ON public.events
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('event', 'title');
CREATE TRIGGER announcements_log_change AFTER INSERT OR UPDATE OR DELETE ON public.announcements
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('announcement', 'title');
CREATE TRIGGER church_leaders_log_change AFTER INSERT OR UPDATE OR DELETE ON public.church_leaders
  FOR EACH ROW EXECUTE FUNCTION kanisa.log_content_change('leader', 'name');

-- ---------------------------------------------------------------------------------------------
-- Demo mode: which outside services are simulated because their settings are missing.
--   e-mail   live when smtp_host is set
--   SMS      live when the provider's user name and API key are set
--   payments live when the mobile-money key and secret are set
-- Answers booleans only. Executable by signed-in staff (policies/functions.sql).
-- ---------------------------------------------------------------------------------------------
-- A setting has a value: a non-empty, non-null JSON value in system_settings, or for secret
-- keys a stored secret (the visible row then holds only the "********" marker).
CREATE FUNCTION kanisa.setting_is_set(setting_key text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.system_settings s
     WHERE s.key = setting_key
       AND s.value IS NOT NULL AND s.value <> 'null'::jsonb AND s.value <> '""'::jsonb
       AND (NOT s.is_secret
            OR EXISTS (SELECT 1 FROM kanisa.secret_settings x WHERE x.key = setting_key)))
$$;
REVOKE ALL ON FUNCTION kanisa.setting_is_set(text) FROM PUBLIC;

CREATE FUNCTION public.get_service_modes()
RETURNS TABLE (email_simulated boolean, sms_simulated boolean, payments_simulated boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT
    NOT kanisa.setting_is_set('smtp_host'),
    NOT (kanisa.setting_is_set('sms_username') AND kanisa.setting_is_set('sms_api_key')),
    NOT (kanisa.setting_is_set('mobile_money_key') AND kanisa.setting_is_set('mobile_money_secret'))
$$;
COMMENT ON FUNCTION public.get_service_modes() IS
  'Demo mode (spec README point 19): true where e-mail, SMS or payments are simulated because their settings are not configured.';

-- ---------------------------------------------------------------------------------------------
-- The home page's hero images: [{src, alt}], null = the images bundled with the site.
-- ---------------------------------------------------------------------------------------------
INSERT INTO public.system_settings (key, value, category, is_public, is_secret, description)
VALUES ('hero_images', 'null', 'general', true, false,
        'Home page hero images, [{src, alt}] (uploads under public/ in the church-files bucket); null = the bundled images')
ON CONFLICT (key) DO NOTHING;
