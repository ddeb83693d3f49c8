// The hostile client of `npm run bench:server` (flood.ts): C connections bound to a loopback
// address of their own (127.0.0.2 by default, so the service sees another source than wrk's
// 127.0.0.1; wrk cannot choose its source address), each sending POSTs one after another as fast
// as the answers come, for S seconds. Every request carries a new random well-formed key
// (`random`), or none (`none`). A connection the service closes (429 AUTH_RATE_LIMITED says
// `Connection: close`) is opened again at once, as an attacker would. Plain sockets and a minimal
// response reader: the client must spend as little of its core as it can.
// usage: node flood-client.mjs URL BODIES_FILE random|none CONNECTIONS SECONDS [LOCAL_ADDRESS]
// prints one JSON line: { requests, statuses: { "401": n, … }, connects, seconds, errors }
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

const [url, bodiesFile, mode, connectionsText, secondsText, localAddress = '127.0.0.2'] = process.argv.slice(2);
const target = new URL(url);
const connections = Number(connectionsText);
const seconds = Number(secondsText);
const bodies = readFileSync(bodiesFile, 'utf8').split('\n').filter((line) => line !== '');
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomKey() {
  const bytes = randomBytes(43);
  let key = 'vf_';
  for (const byte of bytes) key += BASE62[byte % 62];
  return key;
}

let next = 0;
function requestText() {
  const body = bodies[next++ % bodies.length];
  const key = mode === 'random' ? `X-API-KEY: ${randomKey()}\r\n` : '';
  return `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n${key}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const statuses = {};
let requests = 0;
let connects = 0;
let errors = 0;
let stopping = false;

function open() {
  if (stopping) return;
  connects++;
  const socket = connect({ host: target.hostname, port: Number(target.port), localAddress });
  socket.setNoDelay(true);
  let pending = Buffer.alloc(0);
  const send = () => {
    if (!stopping) socket.write(requestText());
  };
  socket.on('connect', send);
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = pending.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      pending = pending.subarray(end + 4 + length);
      const status = head.slice(9, 12);
      statuses[status] = (statuses[status] ?? 0) + 1;
      requests++;
      if (/\r\nconnection: *close/i.test(head)) {
        socket.destroy();
        return;
      }
      send();
    }
  });
  socket.on('error', () => {
    errors++;
  });
  socket.on('close', () => setImmediate(open));
}

const started = performance.now();
for (let index = 0; index < connections; index++) open();
setTimeout(() => {
  stopping = true;
  process.stdout.write(`${JSON.stringify({ requests, statuses, connects, errors, seconds: (performance.now() - started) / 1000 })}\n`);
  process.exit(0);
}, seconds * 1000);
