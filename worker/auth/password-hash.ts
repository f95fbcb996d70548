import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { Config } from "../env";

/**
 * How passwords are hashed. Deployed and local Workers (`npm start`, the e2e journeys) use
 * better-auth's own: scrypt with N=16384, r=16, about 90 ms of CPU a hash in workerd. The test
 * suite's Worker (APP_ENV=test, which only vitest binds; `npm run deploy` forces production) uses
 * the same scrypt at a cost 32 times lower, as Rails lowers bcrypt's cost in its test environment:
 * when the suite signed its ~900 users up through the API, their hashes at the full cost were about
 * 90 of the workerd stage's 340 CPU-seconds; its users now share one hash a password
 * (test/helpers/auth.ts), and the lower cost keeps its sign-ins and sign-ups cheap.
 *
 * A test-cost hash carries its own prefix, so a hash made at the full cost (the seed's) still
 * verifies in the suite, with better-auth's verifier; in every other environment a prefixed hash
 * verifies nothing.
 */
const TEST_PREFIX = "test-scrypt-n1024-r8$";
const TEST_COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

function scryptKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, TEST_COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

async function hashAtTestCost(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${TEST_PREFIX}${salt}:${(await scryptKey(password, salt)).toString("hex")}`;
}

async function verifyAtEitherCost({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!hash.startsWith(TEST_PREFIX)) return verifyPassword({ hash, password });
  const [salt, key] = hash.slice(TEST_PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await scryptKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** better-auth's `emailAndPassword.password` for this Worker: its default (undefined) outside the test suite. */
export function passwordHasher(config: Pick<Config, "APP_ENV">) {
  return config.APP_ENV === "test" ? { hash: hashAtTestCost, verify: verifyAtEitherCost } : undefined;
}
