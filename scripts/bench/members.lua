-- wrk script for scripts/bench-members.sh: the back office's member search as staff type it,
-- the same request the Members screen sends (apps/admin/src/features/members/api/get-members.ts):
-- a page of 50 with its ministries, Prefer: count=estimated (set by the script), over name,
-- membership number, e-mail and phone — each request searching for another term. Prints a BENCH
-- line with p50, p95 and p99. BENCH_TERM (one term) measures that term alone.
local terms = { "wanjiru", "otieno", "M-01", "gmail", "0712", "grace", "kam", "ach", "M-4", "peter", "ochieng", "72" }
local only = os.getenv("BENCH_TERM")
if only and only ~= "" then terms = { only } end
local columns = "id,membership_number,first_name,last_name,full_name,date_of_birth,address,phone,email," ..
  "marital_status,baptism_date,membership_date,emergency_contact,is_active,member_ministries(ministry_id)"
local n = 0
request = function()
  n = n + 1
  local t = terms[(n % #terms) + 1]
  local q = string.format('"*%s*"', t)
  local filter = string.format(
    "or=(first_name.ilike.%s,last_name.ilike.%s,full_name.ilike.%s,membership_number.ilike.%s,email.ilike.%s,phone.ilike.%s",
    q, q, q, q, q, q)
  -- A term typed as a local number is also looked for in the stored +254 form, as the screen does.
  if t:match("^0[17]%d*$") then
    filter = filter .. string.format(',phone.ilike."*+254%s*"', t:sub(2)):gsub("%+", "%%2B")
  end
  filter = filter .. ")"
  local path = "/rest/v1/members?select=" .. columns:gsub("%(", "%%28"):gsub("%)", "%%29") .. "&" ..
    filter:gsub('"', "%%22"):gsub(" ", "%%20") .. "&order=last_name.asc,first_name.asc,id.asc&offset=0&limit=50"
  return wrk.format("GET", path)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d p50_us=%d p95_us=%d p99_us=%d status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
