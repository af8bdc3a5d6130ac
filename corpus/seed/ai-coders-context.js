// Seed of ai-coders-context (@ai-coders/context, docs/corpus.md): the working directory the server
// takes as its repository (its tools explore it, write a `.context/` folder of docs, agent
// playbooks, plans and workflow state into it; HOME is the data folder too): a small TypeScript
// service of a wholesale bakery that takes standing orders from cafés, with a README, the package
// and compiler files, the sources (customers, products with prices and bake days, orders with a
// cut-off rule, an invoice total), two tests and a changelog. Fixed text: the same bytes everywhere;
// no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'README.md': `# crumb-orders

Standing and one-off wholesale orders for Hollins Lane Bakery (Leeds): cafés order loaves and
pastries for the next morning's delivery round. Orders close at 14:00 the day before baking.

## Running

    npm install
    npm run build
    npm test

## Layout

- \`src/customers.ts\`: the cafés on the rounds and their payment terms
- \`src/products.ts\`: what we bake, the price per unit and the days it is baked
- \`src/orders.ts\`: taking an order, the cut-off, the delivery date
- \`src/invoice.ts\`: the weekly invoice of a customer

Open issue (2026-11-30, from Dee in the office): sourdough is baked only Tuesday to Saturday, but an
order placed on Saturday for Sunday is accepted and then missed.
`,
  'package.json': `${JSON.stringify(
    {
      name: 'crumb-orders',
      version: '1.3.0',
      private: true,
      type: 'module',
      scripts: { build: 'tsc -p .', test: 'node --test dist/test/' },
      devDependencies: { typescript: '^5.9.3', '@types/node': '^20.19.0' },
    },
    null,
    2,
  )}\n`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'dist',
        rootDir: '.',
      },
      include: ['src', 'test'],
    },
    null,
    2,
  )}\n`,
  'src/customers.ts': `export interface Customer {
  id: string;
  name: string;
  round: 'north' | 'city' | 'south';
  termsDays: number; // days to pay an invoice
}

export const CUSTOMERS: Customer[] = [
  { id: 'C-101', name: 'The Larder, Chapel Allerton', round: 'north', termsDays: 14 },
  { id: 'C-117', name: 'Kettle & Crumb', round: 'city', termsDays: 7 },
  { id: 'C-122', name: 'Bramley Street Café', round: 'south', termsDays: 30 },
  { id: 'C-130', name: 'Otley Road Deli', round: 'north', termsDays: 14 },
];
`,
  'src/products.ts': `export interface Product {
  sku: string;
  name: string;
  pricePence: number; // wholesale, per unit
  bakeDays: number[]; // 0 = Sunday
}

export const PRODUCTS: Product[] = [
  { sku: 'SD-800', name: 'Sourdough 800 g', pricePence: 310, bakeDays: [2, 3, 4, 5, 6] },
  { sku: 'WH-400', name: 'White tin 400 g', pricePence: 145, bakeDays: [0, 1, 2, 3, 4, 5, 6] },
  { sku: 'RY-600', name: 'Dark rye 600 g', pricePence: 285, bakeDays: [3, 5] },
  { sku: 'CR-01', name: 'Butter croissant', pricePence: 95, bakeDays: [0, 1, 2, 3, 4, 5, 6] },
  { sku: 'CB-01', name: 'Cardamom bun', pricePence: 120, bakeDays: [5, 6, 0] },
];
`,
  'src/orders.ts': `import { CUSTOMERS } from './customers.js';
import { PRODUCTS } from './products.js';

export interface OrderLine {
  sku: string;
  qty: number;
}

export interface Order {
  customerId: string;
  deliverOn: string; // YYYY-MM-DD
  lines: OrderLine[];
}

/** Orders close at 14:00 the day before baking (UK time, given as 'YYYY-MM-DDTHH:MM'). */
export function beforeCutOff(placedAt: string, deliverOn: string): boolean {
  const day = new Date(\`\${deliverOn}T00:00:00Z\`);
  day.setUTCDate(day.getUTCDate() - 1);
  const cutOff = \`\${day.toISOString().slice(0, 10)}T14:00\`;
  return placedAt < cutOff;
}

export function takeOrder(order: Order, placedAt: string): Order {
  if (!CUSTOMERS.some((c) => c.id === order.customerId)) throw new Error(\`no customer \${order.customerId}\`);
  if (!beforeCutOff(placedAt, order.deliverOn)) throw new Error('orders for that day are closed');
  for (const line of order.lines) {
    if (!PRODUCTS.some((p) => p.sku === line.sku)) throw new Error(\`no product \${line.sku}\`);
    if (line.qty <= 0) throw new Error('quantity must be positive');
  }
  return order;
}
`,
  'src/invoice.ts': `import { PRODUCTS } from './products.js';
import type { Order } from './orders.js';

/** The week's total in pence for one customer's orders, with 5% off above £150. */
export function weeklyTotal(orders: Order[]): number {
  let total = 0;
  for (const order of orders) {
    for (const line of order.lines) {
      const product = PRODUCTS.find((p) => p.sku === line.sku);
      if (product) total += product.pricePence * line.qty;
    }
  }
  return total > 15000 ? Math.round(total * 0.95) : total;
}
`,
  'test/orders.test.ts': `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { beforeCutOff } from '../src/orders.js';

test('an order at 13:59 the day before is on time', () => {
  assert.equal(beforeCutOff('2026-12-03T13:59', '2026-12-04'), true);
});

test('an order at 14:00 the day before is too late', () => {
  assert.equal(beforeCutOff('2026-12-03T14:00', '2026-12-04'), false);
});
`,
  'test/invoice.test.ts': `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { weeklyTotal } from '../src/invoice.js';

test('a small week has no discount', () => {
  assert.equal(weeklyTotal([{ customerId: 'C-117', deliverOn: '2026-12-04', lines: [{ sku: 'CR-01', qty: 24 }] }]), 2280);
});
`,
  'CHANGELOG.md': `# Changelog

## 1.3.0 (2026-11-12)
- Cardamom buns on Friday to Sunday.
- Bramley Street Café moved to 30-day terms.

## 1.2.0 (2026-09-01)
- 5% off a week above £150.

## 1.1.0 (2026-06-18)
- Dark rye, Wednesdays and Fridays only.
`,
});
