// Runs one autocannon load (Node: autocannon's own runtime) and prints a JSON summary.
// argv[2]: JSON { url, connections, duration?, method?, bodiesFile?, headers? }.
// With bodiesFile (one JSON body per line) every request sends the next body, each once.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const bodies = options.bodiesFile
  ? readFileSync(options.bodiesFile, 'utf8').split('\n').filter(Boolean)
  : undefined;
let next = 0;
// Our own clock from the start to the last response: autocannon ends a fixed `amount`
// only at its next one-second tick, which would round a 6 s run up to 7 s.
let firstRequestAt;
let lastResponseAt;

const result = await new Promise((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      ...(bodies ? { amount: bodies.length } : { duration: options.duration }),
      method: options.method ?? 'GET',
      headers: { ...(bodies ? { 'content-type': 'application/json' } : {}), ...options.headers },
      requests: bodies
        ? [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }]
        : undefined,
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on('start', () => {
    firstRequestAt ??= performance.now();
  });
  instance.on('response', () => {
    lastResponseAt = performance.now();
  });
});

console.log(
  JSON.stringify({
    requestsPerSecondMedian: result.requests.p50,
    requestsPerSecondMean: result.requests.average,
    total: result.requests.total,
    seconds: (lastResponseAt - firstRequestAt) / 1000,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
