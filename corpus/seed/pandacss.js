// Seed of pandacss (docs/corpus.md): a Panda CSS project, the server's working directory, as its
// README expects (`npx -y @pandacss/mcp` in the project): panda.config.mjs with a ferry company's
// design system (brand tokens, semantic tokens with a dark mode, a button recipe, a card slot recipe,
// a pattern, text and layer styles, keyframes) and the components that use it, so the usage report
// has tokens and recipes both used and unused. The config is a plain object (no `@pandacss/dev`
// import), as Panda accepts.
import { target, writeTree } from './lib/common.js';

const CONFIG = `// Harbour Line design system: tokens, recipes and patterns for the ferry booking site.
export default {
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      dark: '.dark &',
      highContrast: '[data-contrast=high] &',
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          harbour: {
            50: { value: '#eef6fb' },
            100: { value: '#d5e9f5' },
            300: { value: '#7fb8dc' },
            500: { value: '#1f6fa3' },
            700: { value: '#154d72' },
            900: { value: '#0b2a40' },
          },
          buoy: {
            400: { value: '#ff8a4c' },
            500: { value: '#f26a21' },
            600: { value: '#c9520f' },
          },
          sand: { 100: { value: '#f7f1e3' }, 300: { value: '#e6d6ae' } },
          kelp: { 500: { value: '#2f7d4f' } },
        },
        fonts: {
          display: { value: '"Fraunces", Georgia, serif' },
          body: { value: '"Inter", system-ui, sans-serif' },
          mono: { value: '"JetBrains Mono", ui-monospace, monospace' },
        },
        radii: { ticket: { value: '14px' }, pill: { value: '999px' } },
        spacing: { gutter: { value: '1.25rem' }, deck: { value: '3.5rem' } },
        durations: { tide: { value: '1200ms' } },
      },
      semanticTokens: {
        colors: {
          bg: { canvas: { value: { base: '{colors.sand.100}', _dark: '{colors.harbour.900}' } } },
          fg: {
            default: { value: { base: '{colors.harbour.900}', _dark: '{colors.harbour.50}' } },
            muted: { value: { base: '{colors.harbour.700}', _dark: '{colors.harbour.300}' } },
          },
          accent: {
            default: { value: { base: '{colors.buoy.500}', _highContrast: '{colors.buoy.600}' } },
            emphasized: { value: '{colors.buoy.600}' },
          },
          status: {
            onTime: { value: '{colors.kelp.500}' },
            delayed: { value: '{colors.buoy.400}' },
          },
        },
      },
      textStyles: {
        departureTime: { value: { fontFamily: 'mono', fontSize: '2xl', fontWeight: 'bold', letterSpacing: 'tight' } },
        routeName: { value: { fontFamily: 'display', fontSize: 'xl', lineHeight: '1.2' } },
      },
      layerStyles: {
        ticket: { value: { bg: 'bg.canvas', borderRadius: 'ticket', borderWidth: '1px', borderColor: 'harbour.300' } },
      },
      keyframes: {
        bob: { '0%, 100%': { transform: 'translateY(0)' }, '50%': { transform: 'translateY(-4px)' } },
        tideIn: { from: { opacity: 0, transform: 'translateX(-12px)' }, to: { opacity: 1, transform: 'translateX(0)' } },
      },
      recipes: {
        button: {
          className: 'button',
          description: 'The booking buttons: book, change and cancel a crossing',
          base: { fontFamily: 'body', borderRadius: 'pill', fontWeight: 'semibold' },
          variants: {
            visual: {
              solid: { bg: 'accent.default', color: 'white' },
              outline: { borderWidth: '2px', borderColor: 'accent.default', color: 'accent.default' },
              ghost: { color: 'fg.muted' },
            },
            size: {
              sm: { px: '3', py: '1', fontSize: 'sm' },
              md: { px: '5', py: '2', fontSize: 'md' },
              lg: { px: '7', py: '3', fontSize: 'lg' },
            },
          },
          defaultVariants: { visual: 'solid', size: 'md' },
        },
      },
      slotRecipes: {
        crossingCard: {
          className: 'crossing-card',
          description: 'One crossing in the timetable: route, departure and seats left',
          slots: ['root', 'route', 'departure', 'seats'],
          base: {
            root: { layerStyle: 'ticket', p: 'gutter' },
            route: { textStyle: 'routeName' },
            departure: { textStyle: 'departureTime' },
            seats: { color: 'fg.muted', fontSize: 'sm' },
          },
          variants: {
            status: {
              onTime: { departure: { color: 'status.onTime' } },
              delayed: { departure: { color: 'status.delayed' } },
              cancelled: { root: { opacity: 0.5 }, departure: { textDecoration: 'line-through' } },
            },
          },
          defaultVariants: { status: 'onTime' },
        },
      },
    },
  },
  patterns: {
    extend: {
      timetableGrid: {
        description: 'The timetable: one column per port, rows of crossings',
        properties: { ports: { type: 'number' } },
        transform(props) {
          const { ports = 2, ...rest } = props;
          return { display: 'grid', gridTemplateColumns: \`repeat(\${ports}, minmax(0, 1fr))\`, gap: 'gutter', ...rest };
        },
      },
    },
  },
};
`;

writeTree(target(), {
  'package.json': {
    name: 'harbour-line-web',
    version: '2.4.0',
    private: true,
    type: 'module',
    scripts: { prepare: 'panda codegen', dev: 'vite' },
  },
  'panda.config.mjs': CONFIG,
  'src/components/BookButton.tsx': `import { button } from '../../styled-system/recipes';

export function BookButton({ seatsLeft }: { seatsLeft: number }) {
  return (
    <button className={button({ visual: seatsLeft > 0 ? 'solid' : 'outline', size: 'lg' })}>
      {seatsLeft > 0 ? 'Book this crossing' : 'Join the waiting list'}
    </button>
  );
}
`,
  'src/components/CrossingCard.tsx': `import { crossingCard } from '../../styled-system/recipes';

export interface Crossing {
  route: string;
  departs: string;
  seatsLeft: number;
  status: 'onTime' | 'delayed' | 'cancelled';
}

export function CrossingCard({ crossing }: { crossing: Crossing }) {
  const classes = crossingCard({ status: crossing.status });
  return (
    <article className={classes.root}>
      <h3 className={classes.route}>{crossing.route}</h3>
      <time className={classes.departure}>{crossing.departs}</time>
      <p className={classes.seats}>{crossing.seatsLeft} seats left</p>
    </article>
  );
}
`,
  'src/pages/Timetable.tsx': `import { css } from '../../styled-system/css';
import { timetableGrid } from '../../styled-system/patterns';
import { CrossingCard, type Crossing } from '../components/CrossingCard';

const TODAY: Crossing[] = [
  { route: 'Lisbon → Cacilhas', departs: '07:10', seatsLeft: 112, status: 'onTime' },
  { route: 'Lisbon → Seixal', departs: '07:45', seatsLeft: 0, status: 'delayed' },
  { route: 'Porto → Afurada', departs: '08:20', seatsLeft: 34, status: 'cancelled' },
];

export function Timetable() {
  return (
    <main className={css({ bg: 'bg.canvas', color: 'fg.default', px: 'deck', animation: 'tideIn {durations.tide}' })}>
      <h1 className={css({ textStyle: 'routeName', color: 'harbour.700' })}>Today's crossings</h1>
      <section className={timetableGrid({ ports: 3 })}>
        {TODAY.map((c) => (
          <CrossingCard key={c.route} crossing={c} />
        ))}
      </section>
    </main>
  );
}
`,
});
