export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__testDatabase;
  if (state === undefined) return;
  await state.server.dropDatabase(state.name);
  await state.server.stop();
}
