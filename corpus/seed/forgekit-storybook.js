// Seed of forgekit-storybook (docs/corpus.md): a React component library at the root of the data
// folder, as the server's README sets one up: `storybook-mcp.config.json` naming one library
// (`src/components`, title prefix "Harbour"), a Storybook 10 `.storybook/` config and a package.json
// with its dependencies (no node_modules: the server reads files). Five components with props of
// their own (a button, a status badge, a departure card, a fare table, a pier picker); two already
// have stories, written in March 2026, the other three have none. Fixed text: the same bytes
// everywhere.

import { target, writeTree } from './lib/common.js';

writeTree(target(), {
  'package.json': {
    name: '@harbour/ui',
    version: '2.3.0',
    private: true,
    type: 'module',
    scripts: { storybook: 'storybook dev -p 6006', 'build-storybook': 'storybook build' },
    dependencies: { react: '18.3.1', 'react-dom': '18.3.1' },
    devDependencies: {
      '@storybook/addon-a11y': '10.2.4',
      '@storybook/react': '10.2.4',
      '@storybook/react-vite': '10.2.4',
      storybook: '10.2.4',
      typescript: '5.6.3',
      vite: '6.0.7',
    },
  },
  'storybook-mcp.config.json': {
    framework: 'vanilla',
    libraries: [
      { name: 'harbour', path: 'src/components', storyTitlePrefix: 'Harbour', importAlias: '@harbour/ui' },
    ],
    storyFilePattern: '**/*.stories.{ts,tsx}',
    componentPatterns: ['**/src/**/*.tsx', '!**/*.stories.tsx', '!**/*.test.tsx'],
    excludePatterns: ['**/node_modules/**', '**/dist/**'],
  },
  '.storybook/main.ts': `import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
};

export default config;
`,
  '.storybook/preview.ts': `import type { Preview } from '@storybook/react';

const preview: Preview = {
  parameters: { layout: 'centered' },
};

export default preview;
`,
  'src/components/Button.tsx': `import React from 'react';

export interface ButtonProps {
  /** Text on the button. */
  label: string;
  /** Visual weight: primary for the one main action of a screen. */
  variant?: 'primary' | 'secondary' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
  onClick?: () => void;
}

export function Button({ label, variant = 'primary', size = 'md', disabled = false, onClick }: ButtonProps) {
  return (
    <button className={\`hb-button hb-button--\${variant} hb-button--\${size}\`} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}
`,
  'src/components/Button.stories.tsx': `import type { Meta, StoryObj } from '@storybook/react';
import { Button } from './Button';

const meta: Meta<typeof Button> = {
  title: 'Harbour/Button',
  component: Button,
};
export default meta;

type Story = StoryObj<typeof Button>;

export const Primary: Story = { args: { label: 'Buy ticket', variant: 'primary' } };
export const Danger: Story = { args: { label: 'Cancel booking', variant: 'danger' } };
`,
  'src/components/StatusBadge.tsx': `import React from 'react';

export type Status = 'on-time' | 'delayed' | 'cancelled' | 'boarding';

export interface StatusBadgeProps {
  status: Status;
  /** Minutes late; shown only when status is 'delayed'. */
  delayMinutes?: number;
}

const LABELS: Record<Status, string> = {
  'on-time': 'On time',
  delayed: 'Delayed',
  cancelled: 'Cancelled',
  boarding: 'Boarding',
};

export function StatusBadge({ status, delayMinutes }: StatusBadgeProps) {
  const text = status === 'delayed' && delayMinutes ? \`\${LABELS[status]} +\${delayMinutes} min\` : LABELS[status];
  return <span className={\`hb-badge hb-badge--\${status}\`}>{text}</span>;
}
`,
  'src/components/StatusBadge.stories.tsx': `import type { Meta, StoryObj } from '@storybook/react';
import { StatusBadge } from './StatusBadge';

const meta: Meta<typeof StatusBadge> = {
  title: 'Harbour/StatusBadge',
  component: StatusBadge,
};
export default meta;

type Story = StoryObj<typeof StatusBadge>;

export const OnTime: Story = { args: { status: 'on-time' } };
export const Delayed: Story = { args: { status: 'delayed', delayMinutes: 12 } };
`,
  'src/components/DepartureCard.tsx': `import React from 'react';
import { StatusBadge, type Status } from './StatusBadge';

export interface DepartureCardProps {
  line: string;
  destination: string;
  /** Scheduled time, HH:mm. */
  time: string;
  pier: number;
  status: Status;
  delayMinutes?: number;
  onSelect?: (line: string) => void;
}

export function DepartureCard({ line, destination, time, pier, status, delayMinutes, onSelect }: DepartureCardProps) {
  return (
    <article className="hb-departure" onClick={() => onSelect?.(line)}>
      <strong>{time}</strong> {line} to {destination} · pier {pier}
      <StatusBadge status={status} delayMinutes={delayMinutes} />
    </article>
  );
}
`,
  'src/components/FareTable.tsx': `import React from 'react';

export interface Fare {
  zone: 'A' | 'B' | 'C';
  single: number;
  returnFare: number;
}

export interface FareTableProps {
  fares: Fare[];
  currency?: string;
  /** Highlights the row of this zone. */
  selectedZone?: Fare['zone'];
}

export function FareTable({ fares, currency = 'EUR', selectedZone }: FareTableProps) {
  return (
    <table className="hb-fares">
      <thead>
        <tr><th>Zone</th><th>Single</th><th>Return</th></tr>
      </thead>
      <tbody>
        {fares.map((f) => (
          <tr key={f.zone} className={f.zone === selectedZone ? 'is-selected' : undefined}>
            <td>{f.zone}</td>
            <td>{f.single.toFixed(2)} {currency}</td>
            <td>{f.returnFare.toFixed(2)} {currency}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
`,
  'src/components/PierPicker.tsx': `import React, { useState } from 'react';

export interface PierPickerProps {
  piers: number[];
  defaultPier?: number;
  onChange: (pier: number) => void;
}

export function PierPicker({ piers, defaultPier, onChange }: PierPickerProps) {
  const [pier, setPier] = useState(defaultPier ?? piers[0]);
  return (
    <select
      className="hb-pier-picker"
      value={pier}
      onChange={(e) => {
        const next = Number(e.target.value);
        setPier(next);
        onChange(next);
      }}
    >
      {piers.map((p) => (
        <option key={p} value={p}>Pier {p}</option>
      ))}
    </select>
  );
}
`,
  'src/index.ts': `export * from './components/Button';
export * from './components/DepartureCard';
export * from './components/FareTable';
export * from './components/PierPicker';
export * from './components/StatusBadge';
`,
});
