export default async function globalTeardown() {
  await globalThis.__loadoutTestPg?.stop();
}
