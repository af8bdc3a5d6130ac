/** 4 tasks × 3 reps for paired-rerun tests: two flip 0/3 → 3/3, two stay at 2/3 (b = 0, c = 6). */
export const FLIPPING_TASKS = [0, 0, 2, 2].map((original, i) => ({
  taskId: `t${i}`,
  reps: 3,
  original,
  rewritten: original === 0 ? 3 : 2,
}));
