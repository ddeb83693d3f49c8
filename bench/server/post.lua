-- wrk script of `npm run bench:server`: POSTs JSON bodies, one per line of a file, in turn, with
-- an optional API key, and prints the run's figures as one JSON line when it is done.
-- usage: wrk ... -s post.lua URL -- BODIES_FILE [API_KEY|random] [DELAY_MS]
-- API_KEY "random": every request carries a new random well-formed key (vf_ and 43 base62
-- characters), as a flood of guessed keys does. "random-sources": the same, each request also
-- naming a new random client in X-Forwarded-For (for a service run with --trust-proxy loopback):
-- no source ever spends its budget of failures, so every request takes the whole 401 path. DELAY_MS: each connection waits that long
-- between an answer and its next request, which sets the flood's rate.

local prepared = {}
local bodies = {}
local next_index = 0
local random_keys = false
local random_sources = false
local delay_ms = 0
local BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

function init(args)
  local headers = { ["Content-Type"] = "application/json" }
  random_keys = args[2] == "random" or args[2] == "random-sources"
  random_sources = args[2] == "random-sources"
  if args[2] ~= nil and args[2] ~= "" and not random_keys then
    headers["X-API-KEY"] = args[2]
  end
  delay_ms = tonumber(args[3] or "0") or 0
  for line in io.lines(args[1]) do
    if line ~= "" then
      bodies[#bodies + 1] = line
      -- Formatted once: the load generator must not spend its core building requests.
      prepared[#prepared + 1] = wrk.format("POST", wrk.path, headers, line)
    end
  end
  if #prepared == 0 then
    error("no request bodies in " .. args[1])
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
  -- wrk looks for delay() after init, and times every request of a script that has one: only
  -- the paced runs get it.
  if delay_ms > 0 then
    delay = function()
      return delay_ms
    end
  end
end

local function random_key()
  local chars = {}
  for i = 1, 43 do
    local n = math.random(1, 62)
    chars[i] = BASE62:sub(n, n)
  end
  return "vf_" .. table.concat(chars)
end

function request()
  next_index = next_index % #prepared + 1
  if random_keys then
    local headers = { ["Content-Type"] = "application/json", ["X-API-KEY"] = random_key() }
    if random_sources then
      headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
    end
    return wrk.format("POST", wrk.path, headers, bodies[next_index])
  end
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
