import { describe, expect, it } from 'vitest';
import { harvestFrom, listedNoun } from './harvest.js';

describe('what a listing offers the next call', () => {
  const projects = [
    { name: 'shore-birds', categories: 3 },
    { name: 'tide-station-handbook', categories: 2 },
  ];
  const task = 'find the entry whose categories is 2. Then get a chunk for that entry';

  it('a parameter named for what the listing lists takes the entry’s handle', () => {
    const harvest = harvestFrom(projects, task, listedNoun('list_projects'));
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
