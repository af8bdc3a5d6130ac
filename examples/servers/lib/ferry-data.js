// @ts-check
/**
 * The ferry operator's records that ferries.js serves (six routes, five vessels) and what each of its
 * tools says it does. Every value an agent could be asked for is unique in the result it comes from.
 */

export const ROUTES = [
  {
    routeId: 7101,
    name: 'Northern Crossing',
    region: 'north',
    departurePort: 'Alderford Quay',
    arrivalPort: 'Kestrel Bay',
    distanceNm: 14,
    crossingMinutes: 55,
    fares: { adultPence: 1240, carPence: 3890, fareZone: 'Amber' },
    timetable: { firstDeparture: '06:40', lastDeparture: '21:15', sailingsPerDay: 9 },
  },
  {
    routeId: 7102,
    name: 'Lantern Sound Shuttle',
    region: 'islands',
    departurePort: 'Kestrel Bay',
    arrivalPort: 'Lantern Isle',
    distanceNm: 6,
    crossingMinutes: 25,
    fares: { adultPence: 1560, carPence: 4420, fareZone: 'Teal' },
    timetable: { firstDeparture: '07:05', lastDeparture: '19:50', sailingsPerDay: 12 },
  },
  {
    routeId: 7103,
    name: 'Saltmarsh Loop',
    region: 'south',
    departurePort: 'Wrenmouth Pier',
    arrivalPort: 'Saltmarsh Hard',
    distanceNm: 9,
    crossingMinutes: 40,
    fares: { adultPence: 1980, carPence: 5170, fareZone: 'Coral' },
    timetable: { firstDeparture: '08:20', lastDeparture: '18:35', sailingsPerDay: 6 },
  },
  {
    routeId: 7104,
    name: 'Gannet Rock Service',
    region: 'islands',
    departurePort: 'Lantern Isle',
    arrivalPort: 'Gannet Rock Jetty',
    distanceNm: 11,
    crossingMinutes: 50,
    fares: { adultPence: 2230, carPence: 6040, fareZone: 'Slate' },
    timetable: { firstDeparture: '09:10', lastDeparture: '16:45', sailingsPerDay: 4 },
  },
  {
    routeId: 7105,
    name: 'Harbour Night Ferry',
    region: 'north',
    departurePort: 'Port Ellery',
    arrivalPort: 'Alderford Quay',
    distanceNm: 21,
    crossingMinutes: 95,
    fares: { adultPence: 2675, carPence: 7310, fareZone: 'Indigo' },
    timetable: { firstDeparture: '22:30', lastDeparture: '23:55', sailingsPerDay: 2 },
  },
  {
    routeId: 7106,
    name: 'Westerly Link',
    region: 'south',
    departurePort: 'Saltmarsh Hard',
    arrivalPort: 'Brackwater Steps',
    distanceNm: 17,
    crossingMinutes: 70,
    fares: { adultPence: 1415, carPence: 4765, fareZone: 'Ochre' },
    timetable: { firstDeparture: '06:55', lastDeparture: '20:05', sailingsPerDay: 7 },
  },
];

export const VESSELS = [
  {
    vesselId: 5201,
    name: 'Morning Gannet',
    builtYear: 1987,
    shipyard: 'Caldwell and Pryce',
    capacityPassengers: 240,
    inspection: { inspector: 'Halvard Rusk', inspectedOn: '2026-03-14', certificate: 'MCA-44817' },
    crew: { master: 'Ines Marlow', chiefEngineer: 'Tomasz Wielgus', bosun: 'Priya Natarajan' },
  },
  {
    vesselId: 5202,
    name: 'Saint Brannoc',
    builtYear: 2009,
    shipyard: 'Ostmark Werft',
    capacityPassengers: 410,
    inspection: { inspector: 'Delphine Achterberg', inspectedOn: '2026-05-02', certificate: 'MCA-45190' },
    crew: { master: 'Oskar Brandt', chiefEngineer: 'Agnieszka Lorens', bosun: 'Kwame Asante' },
  },
  {
    vesselId: 5203,
    name: 'Lantern Belle',
    builtYear: 1994,
    shipyard: 'Harland Minor Yard',
    capacityPassengers: 180,
    inspection: { inspector: 'Rufus Okonkwo', inspectedOn: '2025-11-27', certificate: 'MCA-43562' },
    crew: { master: 'Sinead Farrelly', chiefEngineer: 'Bartholomew Quist', bosun: 'Lotte Haverkamp' },
  },
  {
    vesselId: 5204,
    name: 'Brackwater Pride',
    builtYear: 2016,
    shipyard: 'Tyneside Composite',
    capacityPassengers: 520,
    inspection: { inspector: 'Mirela Dragomir', inspectedOn: '2026-01-19', certificate: 'MCA-44003' },
    crew: { master: 'Eamon Thackeray', chiefEngineer: 'Yusuf Demirel', bosun: 'Greta Solberg' },
  },
  {
    vesselId: 5205,
    name: 'Kittiwake Runner',
    builtYear: 2021,
    shipyard: 'Fairlie Boatworks',
    capacityPassengers: 96,
    inspection: { inspector: 'Cosmo Pettigrew', inspectedOn: '2026-06-08', certificate: 'MCA-45377' },
    crew: { master: 'Hanne Visser', chiefEngineer: 'Ruairi Conlon', bosun: 'Maud Ashdown' },
  },
];

/** What each ferry tool says it does (planted servers that add tools reuse the words). */
export const FERRY_DESCRIPTIONS = Object.freeze({
  list_routes: 'Lists every ferry route with its id, name and region.',
  get_route:
    'Fetches the full record of one ferry route by its routeId (from list_routes): ports, distance and crossing time.',
  get_route_fares:
    'Fetches the fares on one ferry route by its routeId: adult and car fares in pence, and the fare zone.',
  get_timetable:
    'Fetches the timetable of one ferry route by its routeId: first and last departure, and sailings per day.',
  list_vessels: 'Lists every vessel in the fleet with its id and name.',
  get_vessel:
    'Fetches the full record of one vessel by its vesselId (from list_vessels): build year, shipyard and passenger capacity.',
  get_vessel_inspection:
    'Fetches the latest safety inspection of one vessel by its vesselId: inspector, inspection date and certificate number.',
  get_vessel_crew: 'Fetches the senior crew of one vessel by its vesselId: master, chief engineer and bosun.',
  book_ticket:
    'Books a ticket for one passenger on a ferry route on a date and returns the booking reference. Creates a booking; changes nothing else.',
  cancel_booking: 'Cancels a booking by its reference. The booking is deleted and cannot be restored.',
});
