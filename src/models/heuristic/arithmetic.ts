/**
 * The heuristic's one piece of prior knowledge: arithmetic written in a task ("What is 17 * 23?")
 * is evaluated exactly, with BigInt rationals, as a language model would answer it without tools.
 */

interface Rational {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

function make(n: bigint, d: bigint): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

function parseDecimal(text: string): Rational {
  const [whole = '0', frac = ''] = text.split('.');
  return make(BigInt(whole + frac), 10n ** BigInt(frac.length));
}

const add = (a: Rational, b: Rational) => make(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Rational, b: Rational) => make(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational) => make(a.n * b.n, a.d * b.d);
const div = (a: Rational, b: Rational) => make(a.n * b.d, a.d * b.n);

function pow(a: Rational, b: Rational): Rational {
  if (b.d !== 1n || b.n > 1000n || b.n < -1000n) throw new RangeError('unsupported exponent');
  const e = b.n < 0n ? -b.n : b.n;
  const r = make(a.n ** e, a.d ** e);
  return b.n < 0n ? div(make(1n, 1n), r) : r;
}

type Token = { kind: 'num'; value: Rational } | { kind: 'op'; value: string };

function tokenize(expr: string): Token[] | undefined {
  const tokens: Token[] = [];
  const re = /\s*(\d+(?:\.\d+)?|[-+*/^()])/gy;
  let m: RegExpExecArray | null = re.exec(expr);
  let consumed = 0;
  while (m !== null) {
    const t = m[1] ?? '';
    tokens.push(/\d/.test(t) ? { kind: 'num', value: parseDecimal(t) } : { kind: 'op', value: t });
    consumed = re.lastIndex;
    m = re.exec(expr);
  }
  return expr.slice(consumed).trim() === '' ? tokens : undefined;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Rational | undefined {
    const value = this.expr();
    return this.i === this.tokens.length ? value : undefined;
  }

  private peek(op: string): boolean {
    const t = this.tokens[this.i];
    return t?.kind === 'op' && t.value === op;
  }

  private expr(): Rational {
    let left = this.term();
    while (this.peek('+') || this.peek('-')) {
      const op = this.tokens[this.i++];
      const right = this.term();
      left = op?.value === '+' ? add(left, right) : sub(left, right);
    }
    return left;
  }

  private term(): Rational {
    let left = this.unary();
    while (this.peek('*') || this.peek('/')) {
      const op = this.tokens[this.i++];
      const right = this.unary();
      left = op?.value === '*' ? mul(left, right) : div(left, right);
    }
    return left;
  }

  private unary(): Rational {
    if (this.peek('-')) {
      this.i++;
      return mul(make(-1n, 1n), this.unary());
    }
    return this.power();
  }

  private power(): Rational {
    const base = this.atom();
    if (this.peek('^')) {
      this.i++;
      return pow(base, this.unary());
    }
    return base;
  }

  private atom(): Rational {
    const t = this.tokens[this.i++];
    if (t?.kind === 'num') return t.value;
    if (t?.kind === 'op' && t.value === '(') {
      const inner = this.expr();
      if (!this.peek(')')) throw new SyntaxError('unbalanced parentheses');
      this.i++;
      return inner;
    }
    throw new SyntaxError('expected a number');
  }
}

function format(r: Rational): string {
  if (r.d === 1n) return r.n.toString();
  const negative = r.n < 0n;
  const abs = negative ? -r.n : r.n;
  const scaled = (abs * 10n ** 10n * 2n + r.d) / (2n * r.d); // rounded half up to 10 places
  const digits = scaled.toString().padStart(11, '0');
  const text = `${digits.slice(0, -10)}.${digits.slice(-10)}`.replace(/\.?0+$/, '');
  return negative && text !== '0' ? `-${text}` : text;
}

function normalise(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\bmultiplied\s+by\b|\btimes\b|×/gi, ' * ')
    .replace(/\bdivided\s+by\b|÷/gi, ' / ')
    .replace(/\bplus\b/gi, ' + ')
    .replace(/\bminus\b|−/gi, ' - ')
    .replace(/\bto\s+the\s+power\s+of\b|\braised\s+to\b|\*\*/gi, ' ^ ')
    .replace(/(\d)\s+x\s+(?=\d)/gi, '$1 * ');
}

const RUN = /(?:(?<![\w.)])-)?[\d(][\d.\s()+\-*/^]*[\d)]/g;
const BINARY = /[\d)]\s*[+*/^]\s*[\d(-]|[\d)]\s+-\s+[\d(]/;

function trimParens(run: string): string {
  let s = run.trim();
  const count = (c: string) => s.split(c).length - 1;
  while (s.startsWith('(') && count('(') > count(')')) s = s.slice(1).trim();
  while (s.endsWith(')') && count(')') > count('(')) s = s.slice(0, -1).trim();
  return s;
}

/** Evaluate the first arithmetic expression written in `text`; undefined when there is none. */
export function evaluateArithmetic(text: string): string | undefined {
  for (const m of normalise(text).matchAll(RUN)) {
    const run = trimParens(m[0]);
    // Hyphen- or slash-joined digit groups are ids and dates, not sums.
    if (/\d-\d/.test(run) || /\d+\/\d+\/\d+/.test(run) || !BINARY.test(run)) continue;
    const tokens = tokenize(run);
    if (tokens === undefined) continue;
    try {
      const value = new Parser(tokens).parse();
      if (value !== undefined) return format(value);
    } catch {
      // not an expression we can evaluate: try the next run
    }
  }
  return undefined;
}
