/**
 * Runs `work` again each time PostgreSQL aborts it as a deadlock victim (40P01). A victim's
 * transaction is rolled back whole, so it changed nothing and trying again is safe; tests whose
 * concurrent writers take row and rollup locks in no fixed order use it.
 */
export async function retryingDeadlocks(work: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      await work();
      return;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code !== '40P01') throw error;
    }
  }
}
