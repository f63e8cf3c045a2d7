// The self-hosted proof-of-work captcha's costs (docs/captcha.md "Costs"), on this machine:
//   node --import tsx bench/server/captchaPow.ts [maxnumber]
// - a bot solving in Node with altcha-lib's own solver (SHA-256 via WebCrypto, one core): median solve time;
// - the server verifying a solution (altcha-lib's verifySolution: one SHA-256 and one HMAC): CPU per verification.
// The browser figure (median solve in Chromium, in a worker) is the client's bench.
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';

const maxNumber = Number(process.argv[2] ?? 100_000);
const hmacKey = 'bench-key';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const solves: number[] = [];
const payloads: string[] = [];
for (let i = 0; i < 15; i++) {
  const challenge = await createChallenge({ hmacKey, maxNumber });
  const start = performance.now();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', maxNumber).promise;
  solves.push(performance.now() - start);
  const { maxnumber: _max, ...rest } = challenge;
  payloads.push(Buffer.from(JSON.stringify({ ...rest, number: solution?.number })).toString('base64'));
}
const cpuStart = process.cpuUsage();
const rounds = 2000;
for (let i = 0; i < rounds; i++) await verifySolution(payloads[i % payloads.length] as string, hmacKey, false);
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    maxnumber: maxNumber,
    expected_hashes_per_solve: maxNumber / 2,
    node_solve_median_ms: Math.round(median(solves)),
    server_cpu_per_verification_us: Math.round((cpu.user + cpu.system) / rounds),
  }),
);
