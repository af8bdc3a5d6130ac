// Seed of uidb (docs/corpus.md): the `.uidb/` folder of a clinic's booking web app, the local design
// system the server reads from its working directory (manifest, theme configuration, component
// definitions, patterns, accessibility rules and constraints). The folder is what the server's own
// standalone initialisation writes (its "standard" template, taken from the installed package, as
// `uidb_init` without a portal key would), with the app's own theme (teal on sage, large radius) and
// fixed dates, and two patterns the team added later (an appointment slot card and a clinician
// header) in the registry's form; the app's few source files sit beside it. No portal credentials,
// so nothing is synced. Deterministic; no network.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { target, writeTree } from './lib/common.js';

const dir = target();
const pkg = join(
  import.meta.dirname,
  '..',
  'node_modules',
  '@uidbai',
  'mcp-server',
  'dist',
  'templates',
  'standard.js',
);
const { standardTemplate } = await import(pathToFileURL(pkg).href);

const config = { accentColor: 'teal', grayColor: 'sage', radius: 'large', appearance: 'light' };
const { files } = standardTemplate(config, 'Tidewater Clinic Booking');
files['manifest.json'] = { ...files['manifest.json'], created_at: '2026-02-16', updated_at: '2026-04-03' };

const slotCard = {
  $schema: 'https://uidb.ai/schemas/pattern.json',
  id: 'appointment-slot-card',
  name: 'Appointment Slot Card',
  description:
    'One free appointment: time, clinician, room and a book button; greyed out when held by another patient.',
  components_used: ['Card', 'Flex', 'Text', 'Badge', 'Button'],
  variants: {
    free: {
      description: 'A bookable slot',
      code: '<Card>\n  <Flex justify="between" align="center">\n    <Flex direction="column">\n      <Text size="4" weight="bold">Tue 14 Apr, 09:40</Text>\n      <Text size="2" color="gray">Dr Ingrid Halvorsen, room 3</Text>\n    </Flex>\n    <Button>Book</Button>\n  </Flex>\n</Card>',
    },
    held: {
      description: 'Held for ten minutes by another patient',
      code: '<Card style={{ opacity: 0.6 }}>\n  <Flex justify="between" align="center">\n    <Text size="4">Tue 14 Apr, 10:00</Text>\n    <Badge color="amber">Held</Badge>\n  </Flex>\n</Card>',
    },
  },
  added_by: 'Noor Haddad',
  added_on: '2026-03-11',
};
const clinicianHeader = {
  $schema: 'https://uidb.ai/schemas/pattern.json',
  id: 'clinician-header',
  name: 'Clinician Header',
  description: "A clinician's photo, name, speciality and next free day at the top of their booking page.",
  components_used: ['Avatar', 'Flex', 'Heading', 'Text', 'Badge'],
  variants: {
    default: {
      description: 'With the next free day',
      code: '<Flex gap="4" align="center">\n  <Avatar size="5" src="/staff/okafor.jpg" fallback="AO" />\n  <Flex direction="column">\n    <Heading size="5">Dr Amara Okafor</Heading>\n    <Text color="gray">Physiotherapy</Text>\n  </Flex>\n  <Badge color="teal">Next free: Thu 16 Apr</Badge>\n</Flex>',
    },
  },
  added_by: 'Bruno Tavares',
  added_on: '2026-03-27',
};
const index = files['patterns/_index.json'];
files['patterns/_index.json'] = {
  ...index,
  patterns: [
    ...index.patterns,
    {
      id: 'appointment-slot-card',
      name: 'Appointment Slot Card',
      category: 'data-display',
      description: slotCard.description,
      file: 'appointment-slot-card.json',
    },
    {
      id: 'clinician-header',
      name: 'Clinician Header',
      category: 'identity',
      description: clinicianHeader.description,
      file: 'clinician-header.json',
    },
  ],
};
files['patterns/appointment-slot-card.json'] = slotCard;
files['patterns/clinician-header.json'] = clinicianHeader;

const tree = {};
for (const [rel, body] of Object.entries(files)) tree[`.uidb/${rel}`] = body;
writeTree(dir, {
  ...tree,
  'package.json': {
    name: 'tidewater-booking',
    version: '0.7.0',
    private: true,
    scripts: { dev: 'next dev', build: 'next build' },
    dependencies: {
      next: '15.2.4',
      react: '19.0.0',
      'react-dom': '19.0.0',
      '@radix-ui/themes': '3.2.1',
      '@radix-ui/react-icons': '1.3.2',
    },
  },
  'app/layout.tsx': `import config from '../.uidb/config.json';
import { Theme } from '@radix-ui/themes';
import '@radix-ui/themes/styles.css';

export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Theme accentColor={config.theme.accentColor as any} grayColor={config.theme.grayColor as any} radius={config.theme.radius as any}>
          {children}
        </Theme>
      </body>
    </html>
  );
}
`,
  'app/book/page.tsx': `import { Card, Flex, Heading, Text, Button } from '@radix-ui/themes';

const slots = [
  { at: 'Tue 14 Apr, 09:40', who: 'Dr Ingrid Halvorsen', room: 3 },
  { at: 'Tue 14 Apr, 11:20', who: 'Dr Amara Okafor', room: 1 },
  { at: 'Wed 15 Apr, 15:00', who: 'Dr Chen Wei', room: 2 },
];

export default function BookPage() {
  return (
    <Flex direction="column" gap="3" p="5">
      <Heading>Book an appointment</Heading>
      {slots.map((s) => (
        <Card key={s.at}>
          <Flex justify="between" align="center">
            <Text>{s.at} · {s.who}, room {s.room}</Text>
            <Button>Book</Button>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
`,
});
