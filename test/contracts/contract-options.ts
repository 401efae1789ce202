/** Tuning shared by the store contract suites. */
export interface ContractOptions {
  /**
   * Runs per property. The in-memory stores afford the default; a store that talks to a
   * database may lower it to keep the suite fast.
   */
  readonly numRuns?: number;
}

/** Runs per property when the caller does not say. */
export const DEFAULT_CONTRACT_RUNS = 100;

/** Runs per property for these options. */
export function runsOf(options: ContractOptions | undefined): number {
  return options?.numRuns ?? DEFAULT_CONTRACT_RUNS;
}
