-- wrk script of `npm run bench:server`: POSTs JSON bodies, one per line of a file, in turn, with
-- an optional API key, and prints the run's figures as one JSON line when it is done.
-- usage: wrk ... -s post.lua URL -- BODIES_FILE [API_KEY]

local prepared = {}
local next_index = 0

function init(args)
  local headers = { ["Content-Type"] = "application/json" }
  if args[2] ~= nil and args[2] ~= "" then
    headers["X-API-KEY"] = args[2]
  end
  -- Formatted once: the load generator must not spend its core building requests.
  for line in io.lines(args[1]) do
    if line ~= "" then
      prepared[#prepared + 1] = wrk.format("POST", wrk.path, headers, line)
    end
  end
  if #prepared == 0 then
    error("no request bodies in " .. args[1])
  end
end

function request()
  next_index = next_index % #prepared + 1
  return prepared[next_index]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"mean":%.1f,"p50":%d,"p90":%d,"p99":%d,"max":%d}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
