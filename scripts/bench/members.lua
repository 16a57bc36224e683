-- wrk script for scripts/bench-members.sh: the back office's member search as staff type it,
-- the requests the Members screen sends (apps/admin/src/features/members/api/get-members.ts): the
-- first page of 50 with its ministries from the RPC search_members (migration 0036: on the
-- trigram and order indexes, within the members policies) and its count from
-- count_member_search, one after the other for each term, each term another. Prints a BENCH line
-- with p50, p95 and p99 over both kinds of request. BENCH_TERM (one term) measures that term alone.
local terms = { "wanjiru", "otieno", "M-01", "gmail", "0712", "grace", "kam", "ach", "M-4", "peter", "ochieng", "72" }
local only = os.getenv("BENCH_TERM")
if only and only ~= "" then terms = { only } end
local columns = "id,membership_number,first_name,last_name,full_name,date_of_birth,address,phone,email," ..
  "marital_status,baptism_date,membership_date,emergency_contact,is_active,member_ministries(ministry_id)"
local page_path = "/rest/v1/rpc/search_members?select=" .. columns:gsub("%(", "%%28"):gsub("%)", "%%29")
local n = 0
local headers
request = function()
  n = n + 1
  local t = terms[(math.floor(n / 2) % #terms) + 1]
  -- wrk.format takes the headers given instead of the command line's (-H: apikey, token).
  if not headers then
    headers = { ["Content-Type"] = "application/json" }
    for name, value in pairs(wrk.headers) do headers[name] = value end
  end
  if n % 2 == 0 then
    return wrk.format("POST", page_path, headers,
      string.format('{"search":"%s","active_only":false,"skip":0,"take":50}', t))
  end
  return wrk.format("POST", "/rest/v1/rpc/count_member_search", headers,
    string.format('{"search":"%s","active_only":false}', t))
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d p50_us=%d p95_us=%d p99_us=%d status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
