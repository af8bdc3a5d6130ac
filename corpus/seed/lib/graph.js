// A knowledge graph of a research station (docs/corpus.md): people, projects, places and instruments.
export const ENTITIES = [
  {
    name: 'Dagny Lund',
    entityType: 'person',
    observations: ['Station manager since 2019', 'Speaks Norwegian and Portuguese', 'Extension 4471'],
  },
  {
    name: 'Chen Wei',
    entityType: 'person',
    observations: ['Data officer', 'Maintains the nightly export job', 'Extension 4410'],
  },
  {
    name: 'Elif Demir',
    entityType: 'person',
    observations: ['Leads the herbarium digitisation', 'Joined in March 2021'],
  },
  {
    name: 'Greta Voss',
    entityType: 'person',
    observations: ['Writes the quarterly reports', 'Based in Ghent'],
  },
  {
    name: 'Tide Gauge Upgrade',
    entityType: 'project',
    observations: ['Budget 38k EUR', 'Due 30 June 2025', 'Replaces sensors at three piers'],
  },
  {
    name: 'Herbarium Digitisation',
    entityType: 'project',
    observations: ['12,400 sheets in total', '3,180 scanned by November 2024'],
  },
  { name: 'Bergen Pier', entityType: 'site', observations: ['Latitude 60.39', 'Opened 2014-09-18'] },
  { name: 'Cork Harbour', entityType: 'site', observations: ['Latitude 51.85', 'Opened 2017-06-30'] },
  {
    name: 'T-204',
    entityType: 'instrument',
    observations: ['Thermistor', 'Drift of +0.8 C found on 14 February 2024'],
  },
  {
    name: 'R-118',
    entityType: 'instrument',
    observations: ['Rain gauge', 'Blocked by leaves on 3 March 2024'],
  },
];
export const RELATIONS = [
  ['Dagny Lund', 'Tide Gauge Upgrade', 'manages'],
  ['Chen Wei', 'Tide Gauge Upgrade', 'works_on'],
  ['Elif Demir', 'Herbarium Digitisation', 'leads'],
  ['Greta Voss', 'Herbarium Digitisation', 'reports_on'],
  ['T-204', 'Bergen Pier', 'installed_at'],
  ['R-118', 'Cork Harbour', 'installed_at'],
  ['Tide Gauge Upgrade', 'Cork Harbour', 'covers'],
  ['Dagny Lund', 'Chen Wei', 'supervises'],
];
