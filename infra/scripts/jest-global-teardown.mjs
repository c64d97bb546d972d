export default async function globalTeardown() {
  await globalThis.__loadoutEmbeddedPg?.stop();
}
