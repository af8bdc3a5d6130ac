export async function runQueuedRoster(..._a: unknown[]): Promise<number> {
  return 2;
}
