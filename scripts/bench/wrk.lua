-- wrk script for scripts/bench-rest.sh. Headers come from wrk's -H; the method and body from
-- the environment (BENCH_METHOD, default GET; BENCH_BODY, optional), so one file serves every
-- scenario. At the end it prints one machine-readable line that bench-rest.sh parses:
--   BENCH requests=… duration_us=… p50_us=… p99_us=… …
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
  wrk.body = body
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d duration_us=%d bytes=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d mean_us=%d"
      .. " status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    math.floor(latency.mean + 0.5),
    e.status, e.connect, e.read, e.write, e.timeout))
end
