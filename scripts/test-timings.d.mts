// Types for test-timings.mjs, for the TypeScript configs that import it.
export function vitestTimings(name: string): {
  reporters?: string[];
  outputFile?: { json: string };
};
export function playwrightTimings<R>(name: string, reporters: R[]): R[];
export function slowestFiles(at: string): { file: string; seconds: number }[];
