-- functions: who may call the RPC functions of migration 0003 (POST /rest/v1/rpc/<name>).
-- All of them are SECURITY INVOKER: calling one grants nothing by itself, the caller's table
-- grants and row-level policies still decide which rows it reads or changes. So EXECUTE is
-- granted to every signed-in user, and the table policies do the rest:
--   get_monthly_giving      rows of giving_records: manage_donations, view_financial_reports
--                           (anyone else gets every month with total 0)
--   get_messages,           rows of messages (and the message_stats view): the
--   get_message_stats       communication permissions (anyone else: no rows / zeros)
--   update_message_status,  UPDATE on messages: the communication permissions (anyone else:
--   mark_message_read       "Message not found")
-- anon calls none of them (the reset before these files revoked EXECUTE from PUBLIC).

GRANT EXECUTE ON FUNCTION
  public.get_monthly_giving(date),
  public.get_messages(text, text, text, integer),
  public.get_message_stats(),
  public.update_message_status(uuid),
  public.mark_message_read(uuid)
TO authenticated;

-- get_failed_deliveries (migration 0014, scoped in 0028): deliveries that failed for good.
-- SECURITY DEFINER over the job queue, which no API role reads; it answers rows only to the
-- Communication staff (send_communications, manage_communications, send_sms, send_emails) and
-- nothing to anyone else, and of those only the deliveries of what the caller may read: a
-- scoped role's (MINISTRY_LEADER, DEPARTMENT_HEAD) messages of their ministries and
-- departments, a private prayer request's only with view_private_prayer_requests.
GRANT EXECUTE ON FUNCTION public.get_failed_deliveries(integer) TO authenticated;

-- import_members (migration 0016): SECURITY INVOKER, so the members policies decide: only
-- manage_members may apply an import (anyone else is refused by the insert/update policies;
-- a preview of someone who cannot read members shows every row as "add").
GRANT EXECUTE ON FUNCTION public.import_members(jsonb, boolean) TO authenticated;

-- get_finance_overview (migration 0017): SECURITY INVOKER over giving_records, budgets and
-- expenses: the finance staff get the figures, anyone else zeros.
GRANT EXECUTE ON FUNCTION public.get_finance_overview(date) TO authenticated;

-- The finance screens' functions (migration 0018). Each refuses (42501) a caller without the
-- screen's permission before it reads anything:
--   get_donation_totals      manage_donations or view_financial_reports (SECURITY INVOKER)
--   get_financial_summary    view_financial_reports or manage_donations (SECURITY INVOKER)
--   get_budget_summary       manage_budget or view_financial_reports (SECURITY INVOKER)
--   get_giving_statement(s)  view_financial_reports or manage_donations (SECURITY INVOKER;
--                            the members policies decide whose statements are read), or a
--                            member asking for their own (member_id = auth.own_member(),
--                            migration 0056: the portal's statement is the treasurer's)
--   get_remittance           view_financial_reports or manage_donations (SECURITY DEFINER: the
--                            split is a private setting; it counts the same gifts a finance
--                            reader reads)
--   review_expense           manage_finances (SECURITY DEFINER: the review columns are written
--                            by this function only; kanisa.guard_expense_review refuses them
--                            through the table API)
GRANT EXECUTE ON FUNCTION
  public.get_donation_totals(date, date, text),
  public.get_financial_summary(text, date),
  public.get_budget_summary(integer),
  public.get_giving_statements(date, date, integer, integer, uuid),
  public.get_giving_statement(uuid, date, date),
  public.get_remittance(date),
  public.review_expense(uuid, boolean, text)
TO authenticated;

-- get_backup_status (migration 0019): SECURITY DEFINER over kanisa.backups, which no API role
-- reads; it answers only a Super Admin with system_settings (42501 for anyone else).
GRANT EXECUTE ON FUNCTION public.get_backup_status() TO authenticated;

-- request_backup_drill (migration 0037): SECURITY DEFINER, queues the backup_drill job; like the
-- backup status it answers only a Super Admin with system_settings (42501 for anyone else).
GRANT EXECUTE ON FUNCTION public.request_backup_drill() TO authenticated;

-- confirm_backup_key (migration 0046): SECURITY DEFINER, records that the recovery sheet of the
-- backup key is stored away from the server; only a Super Admin with system_settings (42501).
GRANT EXECUTE ON FUNCTION public.confirm_backup_key(text) TO authenticated;
-- note_backup_recovery_sheet (0046): the recovery sheet's check and log line, which the server
-- calls as the caller before it answers the sheet; only a Super Admin with system_settings.
GRANT EXECUTE ON FUNCTION public.note_backup_recovery_sheet() TO authenticated;

-- get_scheduled_tasks (migration 0025): SECURITY DEFINER over kanisa.jobs and
-- kanisa.periodic_kinds, which no API role reads; like the backup status it answers only a
-- Super Admin with system_settings (42501 for anyone else).
GRANT EXECUTE ON FUNCTION public.get_scheduled_tasks() TO authenticated;

-- get_sign_in_code_stats (migration 0055): SECURITY DEFINER over auth.sign_in_codes, which no
-- API role reads: the last day's phone sign-in codes sent, asked for numbers that are not a
-- member's, refused and used, for staff with system_settings or view_audit_logs (42501 for
-- anyone else). Never a phone number or a code.
GRANT EXECUTE ON FUNCTION public.get_sign_in_code_stats() TO authenticated;

-- request_details_change and decide_details_change (migration 0057): SECURITY DEFINER over
-- public.member_change_requests and public.members. The first is a signed-in member's own
-- (auth.own_member(); 42501 for anyone without a register row of their own); the second needs
-- manage_members, church-wide (42501 otherwise). Both log to the activity log.
GRANT EXECUTE ON FUNCTION public.request_details_change(text, text, text, jsonb, text) TO authenticated;
GRANT EXECUTE ON FUNCTION public.decide_details_change(uuid, boolean, text) TO authenticated;

-- get_ussd_report (migration 0059): SECURITY DEFINER over kanisa.ussd_sessions, which no API
-- role reads: a period's USSD sessions, completed ones, gifts paid and prayer requests, for
-- view_financial_reports or view_member_reports (42501 for anyone else). Never a phone number.
GRANT EXECUTE ON FUNCTION public.get_ussd_report(date, date) TO authenticated;

-- The message functions of migration 0021, SECURITY DEFINER over kanisa.broadcasts and the
-- delivery tables, which no API role reads. Each refuses (42501) a caller without the
-- permission before it reads anything:
--   get_message_audiences    send_communications (who the groups and ministries reach)
--   get_broadcasts,          send_communications, manage_communications, send_sms or
--   get_broadcast            send_emails (the history of sends and each one's recipients);
--                            a scoped role sees its own sends only (migration 0028: the
--                            recipients are members' names, phones and addresses)
GRANT EXECUTE ON FUNCTION
  public.get_message_audiences(),
  public.get_broadcasts(integer, integer),
  public.get_broadcast(uuid, integer, integer)
TO authenticated;

-- get_report (migrations 0022, 0029): SECURITY DEFINER over the tables the report aggregates; it
-- refuses (42501) before it reads anything a caller without view_reports, view_financial_reports
-- or view_member_reports, then one without the tab's own (kanisa.report_tab_permissions:
-- view_reports opens all five, view_financial_reports the financial tab, view_member_reports
-- membership and attendance).
GRANT EXECUTE ON FUNCTION public.get_report(text, text) TO authenticated;

-- reassign_gift (migration 0027, issue 31): SECURITY DEFINER, the one way to change the member
-- or giving type of an online, paybill or demo gift (kanisa.guard_paid_gift refuses it through
-- the table API). It refuses (42501) a caller without manage_donations before it reads anything,
-- needs a reason, records who, when and from which member on the gift and logs
-- donation_reassigned.
GRANT EXECUTE ON FUNCTION public.reassign_gift(uuid, text, uuid, text) TO authenticated;

-- search_members, count_member_search (migration 0036, issue 35): SECURITY INVOKER, one page of
-- the member search and its count, chosen by the SECURITY DEFINER helpers
-- auth.member_search_page / auth.member_search_count on the trigram and order indexes; those
-- answer only members the members policies let the caller read (nothing without manage_members,
-- view_member_details or view_member_reports, a scoped role its ministries' members, anyone
-- their own record), and the members policies still decide every row returned.
GRANT EXECUTE ON FUNCTION
  public.search_members(text, boolean, text[], text[], boolean, integer, integer),
  public.count_member_search(text, boolean)
TO authenticated;
