/** Numbers as the explain sentences print them: rates to three places, p-values by magnitude. */
export function rate(x: number): string {
  return x.toFixed(3);
}

export function pValue(p: number): string {
  if (p === 0) return '0';
  return p < 0.001 ? p.toExponential(2) : p.toFixed(4);
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
