import { removeKeys } from './redis';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__testDatabase;
  if (state === undefined) return;
  const redisUrl = process.env.REACHABLE_REDIS_URL ?? '';
  const prefix = process.env.TEST_REDIS_KEY_PREFIX ?? '';
  if (redisUrl !== '' && prefix !== '') await removeKeys(redisUrl, prefix).catch(() => undefined);
  await state.server.dropDatabase(state.name);
  await state.server.stop();
}
