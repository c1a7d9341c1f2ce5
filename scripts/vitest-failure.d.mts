/** Why a Vitest run failed when none of its tests did (see vitest-failure.mjs). */
export function unexplainedFailure(output: string, maxLines?: number): string;
