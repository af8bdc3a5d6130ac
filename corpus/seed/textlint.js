// Seed of textlint (docs/corpus.md): the working directory its MCP server (`textlint --mcp`) is
// started in, the website repository of a regional food bank, Harbourside Food Bank: a README for
// the developers, a volunteer handbook, a warehouse safety page, a shift guide with the weekly
// rota, a donation guide with the accepted and refused items, and a changelog, all in Markdown,
// with the `.textlintrc.json` the team lints them with: write-good (weasel words, passive voice,
// "there is" openings, clichés), terminology (the product and technology names' spelling, with
// three terms of the food bank's own) and stop-words (filler words and clichés). The pages have
// the slips such prose has (a "very", a passive sentence, "Javascript", "e-mail", a "basically")
// among ordinary sentences. The rules are installed beside textlint in the corpus's
// `node_modules`, where textlint resolves them from its own location, as it finds rules installed
// beside it in a project's `node_modules`. Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  '.textlintrc.json': {
    plugins: {},
    filters: {},
    rules: {
      'write-good': { passive: true, weasel: true, illusion: true, so: true, thereIs: true, cliches: true },
      terminology: {
        defaultTerms: true,
        terms: [
          ['food-bank', 'food bank'],
          ['Harbour[- ]?side FB', 'Harbourside Food Bank'],
          ['sign[- ]?in sheet', 'sign-in sheet'],
        ],
        exclude: [],
      },
      'stop-words': { severity: 'warning' },
    },
  },
  '.textlintignore': 'node_modules/\nCHANGELOG.md.bak\n',
  'package.json': {
    name: 'harbourside-foodbank-site',
    version: '3.4.0',
    private: true,
    description: 'The public website of Harbourside Food Bank: opening hours, volunteering, donations.',
    scripts: {
      'lint:text': 'textlint "content/**/*.md" README.md',
      'lint:text:fix': 'textlint --fix "content/**/*.md"',
    },
    devDependencies: {
      textlint: '15.8.0',
      'textlint-rule-stop-words': '5.2.0',
      'textlint-rule-terminology': '5.2.16',
      'textlint-rule-write-good': '2.0.0',
    },
  },
  'README.md': `# harbourside-foodbank-site

The public website of Harbourside Food Bank (registered charity no. 1174203), built with Eleventy
and a little Javascript for the opening-hours widget. Content lives in \`content/\` as Markdown; the
communications group (Maren Holt, Tomasz Wrona) edits it, and every page is checked with textlint
before it is published.

## Working on the content

1. Edit the page under \`content/\`.
2. Run \`npm run lint:text\` and fix what it reports; \`npm run lint:text:fix\` fixes the spelling of
   names it knows.
3. Open a pull request on Github; Maren or Tomasz reviews it within two working days.

The rules are in \`.textlintrc.json\`: write-good, terminology (with our own three terms) and
stop-words. There is a very long list of exceptions we basically never needed, so it was removed in
3.2.0.

## Contacts

- Website: Tomasz Wrona, web@harbourside-foodbank.example
- Volunteering: Adaeze Nwosu, volunteers@harbourside-foodbank.example
- Warehouse: Declan Forde, warehouse@harbourside-foodbank.example
`,
  'content/volunteer-handbook.md': `---
title: Volunteer handbook
updated: 2026-10-14
owner: Adaeze Nwosu
---

# Volunteer handbook

Welcome to Harbourside Food Bank. We are open on Tuesday, Thursday and Saturday, and about 140
volunteers keep the warehouse, the two distribution points and the delivery van running. This
handbook was written by the volunteer committee and it is reviewed every October.

## Before your first shift

- Register online and choose your role: warehouse, distribution, driver or reception.
- Complete the food hygiene e-learning module (about 45 minutes); the certificate is checked by the
  shift lead on your first day.
- Drivers send a copy of their licence by e-mail to the volunteer coordinator at least seven days
  before their first delivery round.

## On the day

Arrive ten minutes early and write your name on the sign in sheet at reception. Shift leads
basically decide where you work that day, depending on how many parcels were booked. It is very
important that you wear closed shoes in the warehouse.

## Parcels

A standard parcel feeds one adult for three days and weighs about 11 kg. Family parcels are packed
for two adults and up to four children (about 24 kg). Parcels are packed from the shelf lists that
are printed each morning; never add items that are not on the list, because allergy notes are
attached to some referrals.

## If something goes wrong

Report any accident to the shift lead straight away and fill in the accident book in the office.
At the end of the day, at the end of the day, the shift lead counts the remaining parcels and
records the number in the daily log.
`,
  'content/warehouse-safety.md': `---
title: Warehouse safety
updated: 2026-09-02
owner: Declan Forde
---

# Warehouse safety

The warehouse at Unit 7, Quayside Trading Estate holds about 18 tonnes of food at the busiest time
of the year (late November to early January). The rules below are agreed with the estate's fire
officer and are checked at every quarterly inspection.

## Lifting

- Crates over 15 kg are lifted by two people.
- The pallet truck is only used by volunteers who have been trained by Declan Forde or Ruth
  Adebayo; the training list is kept in the office.
- Shelves above 1.8 m are reached with the step ladder, never by climbing the racking.

## Cold store

The cold store is kept between 1 °C and 5 °C. Temperatures are read at 09:00 and 15:00 and written
in the cold store log. If a reading is above 5 °C twice in a row, the warehouse lead is phoned
immediately and the chilled stock is moved to the spare fridge.

## Fire

There are two fire exits (loading bay and office corridor) and the assembly point is the car park
by the estate entrance. Fire drills are held in March and September. It has been noticed that the
loading bay exit is sometimes blocked by pallets; this is extremely dangerous and must not happen.
`,
  'content/shift-guide.md': `---
title: Shift guide
updated: 2026-11-30
owner: Adaeze Nwosu
---

# Shift guide

Shifts are booked through the volunteer rota. Each shift has a shift lead, who opens and closes
the building and holds the keys to the office.

| Day | Shift | Time | Shift lead | Volunteers needed |
| --- | --- | --- | --- | --- |
| Tuesday | Warehouse | 09:00–12:30 | Declan Forde | 6 |
| Tuesday | Distribution (St Brendan's Hall) | 13:00–16:00 | Priya Raman | 5 |
| Thursday | Warehouse | 09:00–12:30 | Ruth Adebayo | 6 |
| Thursday | Distribution (Quayside Community Centre) | 16:30–19:30 | Owen Pryce | 7 |
| Saturday | Warehouse and van | 08:30–13:00 | Declan Forde | 8 |
| Saturday | Reception and referrals | 10:00–13:00 | Hana Sato | 3 |

## Swaps and cancellations

If you cannot come, cancel in the rota at least 24 hours before the shift so that the shift lead
can find someone else. Swaps between volunteers are fine; just make sure the rota shows the right
name. There are some volunteers who swap every week, and that really is no problem as long as the
rota is correct.

## Christmas period

From 1 December to 6 January extra warehouse shifts are added on Mondays and Wednesdays
(09:00–12:30). The Christmas hampers are packed on 19 and 20 December; sign up early, as these
shifts are always full.
`,
  'content/donations.md': `---
title: Donating food
updated: 2026-11-05
owner: Maren Holt
---

# Donating food

Donations can be dropped at the warehouse (Tuesday, Thursday and Saturday mornings) or at the
collection points in the Northgate and Seaview supermarkets. Thank you — last year 61 tonnes were
donated, which at the end of the day is what keeps the food-bank going.

## What we need most

1. Long-life milk (UHT), 1 litre cartons
2. Tinned meat and tinned fish
3. Instant coffee, tea bags
4. Toiletries: toothpaste, shampoo, deodorant
5. Nappies in sizes 5 and 6

## What we cannot accept

- Anything past its use-by date (best-before dates are fine up to one month past the date)
- Home-cooked food or opened packets
- Alcohol
- Fresh meat, unless arranged beforehand with the warehouse

Businesses that want to organise a collection can contact Maren Holt by e-mail; a collection kit
(two crates, a banner and the shelf list) is lent for up to three weeks.
`,
  'CHANGELOG.md': `# Changelog

## 3.4.0 — 2026-11-30

- Shift guide: the Christmas period and the Thursday distribution moved to 16:30.
- Opening-hours widget rewritten in plain Javascript without jQuery.

## 3.3.0 — 2026-10-14

- Volunteer handbook: the food hygiene module replaces the paper test.
- Donations page: nappies in sizes 5 and 6 added to the most-needed list.

## 3.2.0 — 2026-08-21

- textlint added to the content checks; the old exception list removed.
- The site is now built on Github Actions instead of the old server.
`,
});
