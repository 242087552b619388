/** One line of the results table: our figure, the floor or reference beside it, and the target. */
export interface BenchRow {
  measurement: string;
  ours: number;
  unit: string;
  /** The same figure from the baseline run in the same process layout (raw ws, oidc-provider). */
  baseline?: number;
  /** ours / baseline, the number the issue tracks. */
  ratio?: number;
  target?: string;
  /** Whether the target was met; absent when the row has no target. */
  met?: boolean;
}

export interface SuiteResult {
  suite: string;
  rows: BenchRow[];
  /** Everything measured, for the JSON file. */
  details: unknown;
}
