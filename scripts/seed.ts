/** Seeds the local demo workspace. Filled in by the demo-seed work; idempotent. */
export async function seedLocal(_persist: string): Promise<void> {
  console.log("Seed: nothing to seed yet.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedLocal(process.env.READYROOM_STATE_DIR ?? ".wrangler/state");
}
