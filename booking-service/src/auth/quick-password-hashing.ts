import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// The passwords of test accounts (docs/decisions/120). better-auth's own scrypt costs about
// 170 ms of CPU a hash by design, and the service's tests and journeys make thousands of
// accounts; this one keeps scrypt and a random salt at 1/64 of the work. It is chosen only by
// PASSWORD_HASHING=quick (NODE_ENV=test's default), which production refuses, and its hashes
// say so ("quick:"), so a database written with it cannot be mistaken for a real one.

const PREFIX = 'quick:';
const KEY_BYTES = 32;
const COST = { N: 256, r: 8, p: 1 } as const;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const quickPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(PREFIX)) return false;
    const [salt, key] = hash.slice(PREFIX.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
