// @ts-check
/**
 * The planted calculator (examples/servers/calculator.js, whose header says what is planted) as a
 * factory: one server instance, built without serving it, as its stdio entry serves one per process
 * and its HTTP entry one per request. The tests' in-memory target builds it here too.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { plantedServer, READ_ONLY, structured, toolError } from './planted.js';

/**
 * One operation: its tool name, what it does, and the expressions it accepts (a pattern, so a
 * caller and a schema-driven generator both know the exact form). Every accepted expression has an
 * integer value of at least 1000.
 */
/** @type {{ name: string, description: string, pattern: string }[]} */
const OPERATIONS = [
  {
    name: 'add',
    description: 'Adds two whole numbers written as an expression with a plus sign.',
    pattern: String.raw`^[1-9]\d{3} \+ [1-9]\d{3}$`,
  },
  {
    name: 'subtract',
    description: 'Subtracts one whole number from another, written with a minus sign.',
    pattern: String.raw`^[5-9]\d{3} - [1-4]\d{2}$`,
  },
  {
    name: 'multiply',
    description: 'Multiplies two whole numbers written with an asterisk.',
    pattern: String.raw`^[1-9]\d{2} \* [1-9]\d$`,
  },
  {
    name: 'power',
    description: 'Raises a small base to a whole exponent, written with a caret.',
    pattern: String.raw`^[2-9] \^ 1[0-5]$`,
  },
  {
    name: 'square',
    description: 'Squares a two-digit number, written with a caret and the exponent two.',
    pattern: String.raw`^[4-9]\d \^ 2$`,
  },
  {
    name: 'cube',
    description: 'Cubes a two-digit number, written with a caret and the exponent three.',
    pattern: String.raw`^[1-4]\d \^ 3$`,
  },
  {
    name: 'sum_three',
    description: 'Adds three whole numbers written with plus signs.',
    pattern: String.raw`^[4-9]\d{2} \+ [4-9]\d{2} \+ [4-9]\d{2}$`,
  },
  {
    name: 'product_three',
    description: 'Multiplies three whole numbers written with asterisks.',
    pattern: String.raw`^[5-9] \* [2-9]\d \* [2-9]\d$`,
  },
  {
    name: 'evaluate',
    description: 'Evaluates a bracketed sum multiplied by a whole number.',
    pattern: String.raw`^\([1-9]\d{2} \+ [1-9]\d{2}\) \* [5-9]$`,
  },
  { name: 'increment', description: 'Adds one to a whole number.', pattern: String.raw`^[1-9]\d{3} \+ 1$` },
];

/**
 * Exact integer evaluation of the accepted forms: + - * ^ and one level of brackets.
 * @param {string} expression
 * @returns {bigint}
 */
function evaluate(expression) {
  const tokens = expression.match(/\d+|[-+*^()]/g) ?? [];
  let i = 0;
  /** @returns {bigint} */
  const atom = () => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++;
      return v;
    }
    return BigInt(t ?? '0');
  };
  /** @returns {bigint} */
  const power = () => {
    const base = atom();
    if (tokens[i] === '^') {
      i++;
      return base ** power();
    }
    return base;
  };
  /** @returns {bigint} */
  const product = () => {
    let v = power();
    while (tokens[i] === '*') {
      i++;
      v *= power();
    }
    return v;
  };
  /** @returns {bigint} */
  const sum = () => {
    let v = product();
    while (tokens[i] === '+' || tokens[i] === '-') {
      const op = tokens[i++];
      const r = product();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  return sum();
}

/** @param {McpServer} server */
function register(server) {
  for (const { name, description, pattern } of OPERATIONS) {
    const form = new RegExp(pattern);
    server.registerTool(
      name,
      {
        title: name.replace('_', ' '),
        description,
        inputSchema: z.object({ expression: z.string().regex(form).describe('the expression to compute') }),
        outputSchema: z.object({ value: z.number().int() }),
        annotations: READ_ONLY,
      },
      async ({ expression }) => {
        if (!form.test(expression)) return toolError(`${name} does not accept ${JSON.stringify(expression)}`);
        return structured({ value: Number(evaluate(expression)) });
      },
    );
  }
}

/** The planted calculator's server instance. */
export function calculatorServer() {
  const server = plantedServer('planted-calculator');
  register(server);
  return server;
}
