// Seed of universal-netlist (docs/corpus.md): two electronics designs as Universal Netlist files
// (`.netlist.json`): a tide-gauge logger board and its pressure-sensor head. Written with the server
// package's own serializer, so the hash and the nets/components cross-references are its own.
import { pathToFileURL } from 'node:url';
import { target, writeTree } from './lib/common.js';
import { pkg } from './lib/via-tools.js';

const { serializeUniversalNetlist } = await import(
  pathToFileURL(pkg('@intelligentelectron/universal-netlist/dist/parsers/universal/reader.js')).href
);

/** Components as [refdes, fields, { pin: [pin name, net] }]; the nets are derived from the pins. */
function netlist(parts) {
  const components = {};
  const nets = {};
  for (const [refdes, fields, pins] of parts) {
    components[refdes] = { ...fields, pins: {} };
    for (const [pin, [name, net]] of Object.entries(pins)) {
      components[refdes].pins[pin] = { name, net };
      nets[net] ??= {};
      nets[net][refdes] = [...(nets[net][refdes] ?? []), pin];
    }
  }
  return { nets, components };
}

const cap = (refdes, value, a, b) => [
  refdes,
  { value, description: `CAP CER ${value} 16V X7R 0402`, mpn: 'GRM155R71C104KA88D', manufacturer: 'Murata' },
  { 1: ['1', a], 2: ['2', b] },
];
const res = (refdes, value, a, b, dns) => [
  refdes,
  {
    value,
    description: `RES ${value} 1% 0402`,
    mpn: `RC0402FR-07${value}L`,
    manufacturer: 'Yageo',
    ...(dns ? { dns: true } : {}),
  },
  { 1: ['1', a], 2: ['2', b] },
];

const logger = netlist([
  [
    'U1',
    {
      value: 'STM32L031K6T6',
      description: 'MCU ARM Cortex-M0+ 32KB flash LQFP32',
      mpn: 'STM32L031K6T6',
      manufacturer: 'STMicroelectronics',
    },
    {
      1: ['VDD', '+3V3'],
      2: ['PC14-OSC32_IN', 'OSC32_IN'],
      3: ['PC15-OSC32_OUT', 'OSC32_OUT'],
      4: ['NRST', 'NRST'],
      5: ['VDDA', '+3V3'],
      16: ['VSS', 'GND'],
      18: ['PA8', 'LED_DRV'],
      23: ['PA13-SWDIO', 'SWDIO'],
      24: ['PA14-SWCLK', 'SWCLK'],
      29: ['PB6-I2C1_SCL', 'I2C_SCL'],
      30: ['PB7-I2C1_SDA', 'I2C_SDA'],
      32: ['VSS', 'GND'],
    },
  ],
  [
    'U2',
    {
      value: 'TPS7A0233',
      description: 'LDO 3.3V 200mA ultra-low Iq SOT-23-5',
      mpn: 'TPS7A0233PDBVR',
      manufacturer: 'Texas Instruments',
    },
    {
      1: ['IN', 'VBAT'],
      2: ['GND', 'GND'],
      3: ['EN', 'VBAT'],
      5: ['OUT', '+3V3'],
    },
  ],
  [
    'U3',
    {
      value: 'M24C64',
      description: 'EEPROM 64Kbit I2C SO-8',
      mpn: 'M24C64-RMN6TP',
      manufacturer: 'STMicroelectronics',
    },
    {
      4: ['VSS', 'GND'],
      5: ['SDA', 'I2C_SDA'],
      6: ['SCL', 'I2C_SCL'],
      8: ['VCC', '+3V3'],
    },
  ],
  [
    'Y1',
    {
      value: '32.768kHz',
      description: 'CRYSTAL 32.768KHZ 12.5PF SMD',
      mpn: 'ABS07-32.768KHZ-T',
      manufacturer: 'Abracon',
    },
    {
      1: ['1', 'OSC32_IN'],
      2: ['2', 'OSC32_OUT'],
    },
  ],
  [
    'J1',
    { value: 'BATT', description: 'CONN HEADER 2POS 2.5MM battery', mpn: 'B2B-XH-A', manufacturer: 'JST' },
    {
      1: ['+', 'VBAT'],
      2: ['-', 'GND'],
    },
  ],
  [
    'J2',
    {
      value: 'SENSOR',
      description: 'CONN HEADER 4POS 1.25MM sensor head',
      mpn: 'SM04B-GHS-TB',
      manufacturer: 'JST',
    },
    {
      1: ['VCC', '+3V3'],
      2: ['SCL', 'I2C_SCL'],
      3: ['SDA', 'I2C_SDA'],
      4: ['GND', 'GND'],
    },
  ],
  [
    'J3',
    {
      value: 'SWD',
      description: 'CONN HEADER 5POS 1.27MM debug',
      mpn: 'FTSH-105-01-F-DV',
      manufacturer: 'Samtec',
    },
    {
      1: ['VTREF', '+3V3'],
      2: ['SWDIO', 'SWDIO'],
      3: ['GND', 'GND'],
      4: ['SWCLK', 'SWCLK'],
      5: ['NRST', 'NRST'],
    },
  ],
  [
    'D1',
    { value: 'GREEN', description: 'LED GREEN 0603 status', mpn: 'LTST-C191KGKT', manufacturer: 'Lite-On' },
    {
      1: ['K', 'GND'],
      2: ['A', 'LED_A'],
    },
  ],
  cap('C1', '100nF', '+3V3', 'GND'),
  cap('C2', '100nF', '+3V3', 'GND'),
  cap('C3', '1uF', 'VBAT', 'GND'),
  cap('C4', '1uF', '+3V3', 'GND'),
  cap('C5', '12pF', 'OSC32_IN', 'GND'),
  cap('C6', '12pF', 'OSC32_OUT', 'GND'),
  res('R1', '4K7', '+3V3', 'I2C_SCL'),
  res('R2', '4K7', '+3V3', 'I2C_SDA'),
  res('R3', '1K', 'LED_DRV', 'LED_A'),
  res('R4', '10K', '+3V3', 'NRST', true),
]);

const sensorHead = netlist([
  [
    'U1',
    {
      value: 'MS583730BA01-50',
      description: 'SENSOR PRESSURE 0-30BAR I2C gel-filled',
      mpn: 'MS583730BA01-50',
      manufacturer: 'TE Connectivity',
    },
    {
      1: ['GND', 'GND'],
      2: ['SDA', 'I2C_SDA'],
      3: ['SCL', 'I2C_SCL'],
      4: ['VDD', '+3V3'],
    },
  ],
  [
    'U2',
    {
      value: 'TMP117',
      description: 'SENSOR TEMP ±0.1C I2C WSON-6',
      mpn: 'TMP117AIDRVR',
      manufacturer: 'Texas Instruments',
    },
    {
      1: ['SCL', 'I2C_SCL'],
      2: ['GND', 'GND'],
      3: ['ALERT', 'TEMP_ALERT'],
      4: ['ADD0', 'GND'],
      5: ['V+', '+3V3'],
      6: ['SDA', 'I2C_SDA'],
    },
  ],
  [
    'J1',
    {
      value: 'LOGGER',
      description: 'CONN HEADER 4POS 1.25MM to logger',
      mpn: 'SM04B-GHS-TB',
      manufacturer: 'JST',
    },
    {
      1: ['VCC', '+3V3'],
      2: ['SCL', 'I2C_SCL'],
      3: ['SDA', 'I2C_SDA'],
      4: ['GND', 'GND'],
    },
  ],
  cap('C1', '100nF', '+3V3', 'GND'),
  cap('C2', '100nF', '+3V3', 'GND'),
  res('R1', '10K', '+3V3', 'TEMP_ALERT'),
]);

const write = (n) =>
  serializeUniversalNetlist(n, { generatedAt: '2026-11-20T09:00:00.000Z', origin: { type: 'native' } });
writeTree(target(), {
  'tide-logger/tide-logger.netlist.json': write(logger),
  'tide-logger/sensor-head.netlist.json': write(sensorHead),
  'tide-logger/README.md':
    '# Tide-gauge logger\n\nMain board (tide-logger) and the pressure-sensor head, joined by a 4-pin I2C cable (J2 to J1).\n',
});
