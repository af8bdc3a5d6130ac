import { describe, expect, it } from 'vitest';
import { harvestFrom, listedNoun } from './harvest.js';

describe('what a listing offers the next call', () => {
  const projects = [
    { name: 'shore-birds', categories: 3 },
    { name: 'tide-station-handbook', categories: 2 },
  ];
  const task = 'find the entry whose categories is 2. Then get a chunk for that entry';

  it('a parameter named for what the listing lists takes the entry’s handle', () => {
    const harvest = harvestFrom(projects, task, { listed: listedNoun('list_projects') });
    expect(harvest?.('project')).toBe('tide-station-handbook');
    expect(harvest?.('name')).toBe('tide-station-handbook');
    expect(harvest?.('category')).toBeUndefined();
  });

  it('without the listing’s noun, a parameter of another name takes nothing', () => {
    expect(harvestFrom(projects, task)?.('project')).toBeUndefined();
  });

  it('the listed noun is the last word of the tool’s name, singular', () => {
    expect(listedNoun('list_projects')).toBe('project');
    expect(listedNoun('listDesigns')).toBe('design');
    expect(listedNoun('git-status')).toBe('status');
    expect(listedNoun('list_categories')).toBe('category');
    expect(listedNoun('list_boxes')).toBe('box');
  });
});

describe('the field the tools’ own words say a parameter takes', () => {
  const designs = {
    designs: [
      { name: 'sensor-head', path: '/data/sensor-head/sensor-head.netlist.json', format: 'netlist' },
      { name: 'tide-logger', path: '/data/tide-logger/tide-logger.netlist.json', format: 'netlist' },
    ],
  };
  const task =
    'find the entry in designs whose name is "tide-logger". Then get the component U3 for that entry';
  const listing =
    'List all design projects in the given directory, one path each: a .DSN or a .netlist.json. That path is the design, and it is what every other tool takes.';

  it('hands on the field a description names beside the parameter, not the name a handle would be', () => {
    const told = harvestFrom(designs, task, { listed: 'design', descriptions: [listing] });
    expect(told?.('design')).toBe('/data/tide-logger/tide-logger.netlist.json');
    // Without the description, the listed noun takes the entry's handle: its name.
    expect(harvestFrom(designs, task, { listed: 'design' })?.('design')).toBe('tide-logger');
  });

  it('reads nothing from a sentence that only names the parameter and a field, or names none', () => {
    const both = 'Each design has a name and a path; lists the path of a design.';
    expect(harvestFrom(designs, task, { listed: 'design', descriptions: [both] })?.('design')).toBe(
      'tide-logger',
    );
    expect(
      harvestFrom(designs, task, { listed: 'design', descriptions: ['Lists the designs.'] })?.('design'),
    ).toBe('tide-logger');
  });
});
