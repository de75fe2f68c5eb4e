import { execFileSync } from 'node:child_process';

// Playwright evaluates its config in the runner and again in every worker, so a port chosen
// here is kept in the environment the workers inherit: all of them then talk to the one server.
const PICK_FREE_PORT = `const s = require('node:net').createServer();
s.listen(0, 'localhost', () => { process.stdout.write(String(s.address().port)); s.close(); });`;

/** `process.env[name]` when set (a fixed port on purpose), else a free port, remembered there. */
export function portFromEnvOrFree(name: string): number {
  const given = process.env[name];
  if (given) return Number(given);
  const port = execFileSync(process.execPath, ['-e', PICK_FREE_PORT], { encoding: 'utf8' }).trim();
  process.env[name] = port;
  return Number(port);
}
