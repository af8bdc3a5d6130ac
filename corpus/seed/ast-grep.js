// Seed of ast-grep (docs/corpus.md): a small project (ferry-booking/) in TypeScript and Python, with
// functions, classes, imports, a deprecated call and a console.log left in, for structural search.
import { target, writeTree } from './lib/common.js';

writeTree(target(), {
  'ferry-booking/package.json': { name: 'ferry-booking', version: '0.4.0', type: 'module' },
  'ferry-booking/src/fares.ts': `import { Route } from './routes.js';

export const VEHICLE_SURCHARGE: Record<string, number> = { none: 0, bicycle: 4.5, car: 38, van: 61 };

export function fareFor(route: Route, seats: number, vehicle = 'none'): number {
  const base = route.distanceKm * 0.22;
  return Math.round((base * seats + (VEHICLE_SURCHARGE[vehicle] ?? 0)) * 100) / 100;
}

export function winterDiscount(fare: number, month: number): number {
  if (month === 11 || month === 12 || month <= 2) return fare * 0.85;
  return fare;
}
`,
  'ferry-booking/src/routes.ts': `export interface Route {
  origin: string;
  destination: string;
  distanceKm: number;
}

export const ROUTES: Route[] = [
  { origin: 'Horta', destination: 'Madalena', distanceKm: 8 },
  { origin: 'Ponta Delgada', destination: 'Vila do Porto', distanceKm: 97 },
  { origin: 'Angra do Heroísmo', destination: 'Velas', distanceKm: 74 },
];

export function findRoute(origin: string, destination: string): Route | undefined {
  return ROUTES.find((r) => r.origin === origin && r.destination === destination);
}
`,
  'ferry-booking/src/booking.ts': `import { fareFor, winterDiscount } from './fares.js';
import { findRoute } from './routes.js';

export class Booking {
  constructor(
    readonly passenger: string,
    readonly origin: string,
    readonly destination: string,
    readonly seats: number,
  ) {}

  total(month: number): number {
    const route = findRoute(this.origin, this.destination);
    if (!route) throw new Error(\`no route \${this.origin} -> \${this.destination}\`);
    console.log('pricing', this.passenger);
    return winterDiscount(fareFor(route, this.seats), month);
  }
}

export function cancel(booking: Booking, reason: string): string {
  return \`\${booking.passenger}: cancelled (\${reason})\`;
}
`,
  'ferry-booking/src/legacy.ts': `// Kept for the 2019 kiosk; new code uses Booking.total.
export function oldFare(distance: number): number {
  var fare = distance * 0.2;
  return parseInt(String(fare * 100)) / 100;
}
`,
  'ferry-booking/scripts/manifest.py': `import csv
from datetime import date


def passengers(path):
    with open(path) as f:
        return [row["passenger"] for row in csv.DictReader(f)]


def manifest(sailing_id, path):
    names = passengers(path)
    print(f"Sailing {sailing_id} on {date.today()}: {len(names)} passengers")
    return names
`,
});
