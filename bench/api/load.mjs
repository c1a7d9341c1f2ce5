import http from 'node:http';

/**
 * An autocannon-style load generator on node:http: `connections` keep-alive connections, each
 * sending its next request as soon as the previous answer has been read, for a fixed time.
 * A warm-up period runs first and is not counted.
 */
export async function runLoad({ url, method = 'GET', headers = {}, body, connections = 100, durationMs = 10_000, warmupMs = 2_000 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const requestHeaders = { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let counting = false;
  let running = true;

  const once = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: requestHeaders, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (counting) {
              latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (counting) errors += 1;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });

  const worker = async () => {
    while (running) await once();
  };
  const workers = Array.from({ length: connections }, worker);
  await new Promise((r) => setTimeout(r, warmupMs));
  counting = true;
  const start = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, durationMs));
  counting = false;
  const elapsedSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  running = false;
  await Promise.all(workers);
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  const pick = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  const ok = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
  return {
    requests: sorted.length,
    ok,
    errors,
    statuses: Object.fromEntries(statuses),
    rps: sorted.length / elapsedSeconds,
    p50: pick(0.5),
    p90: pick(0.9),
    p99: pick(0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}
