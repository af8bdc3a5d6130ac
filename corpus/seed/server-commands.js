// Seed of server-commands (docs/corpus.md): the home folder of a school's rooftop weather station, the
// working directory the server's commands run in (it has one tool that runs a shell command there, so
// what it can read is what `ls`, `cat`, `grep`, `wc` or `sort` find): a week of readings as CSV (a row
// every ten minutes: temperature, humidity, pressure, wind, rain, with values that change through
// each day), the logger's log with its warnings and a sensor dropout, the station's configuration, a
// notes file of its maintenance and the two scripts that upload and rotate the data. Deterministic
// (mulberry32); no network.
import { rng, target, writeTree } from './lib/common.js';

const dir = target();
const r = rng(6141);

const rows = ['timestamp,temp_c,humidity_pct,pressure_hpa,wind_kmh,wind_dir,rain_mm'];
const log = [];
const dirs = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
let pressure = 1012.4;
for (let day = 0; day < 7; day++) {
  const date = `2026-04-${String(6 + day).padStart(2, '0')}`;
  const base = 7 + day * 0.8 + r.next() * 2;
  log.push(`${date} 00:00:02 INFO logger started, sensor bus ok (BME280 at 0x76, anemometer on GPIO 17)`);
  for (let slot = 0; slot < 144; slot++) {
    const hh = String(Math.floor(slot / 6)).padStart(2, '0');
    const mm = String((slot % 6) * 10).padStart(2, '0');
    const hour = slot / 6;
    if (day === 3 && slot >= 80 && slot < 86) {
      if (slot === 80) log.push(`${date} ${hh}:${mm}:05 ERROR BME280 read failed (I2C timeout), retrying`);
      continue;
    }
    if (day === 3 && slot === 86) log.push(`${date} ${hh}:${mm}:04 INFO BME280 back after 6 missed readings`);
    pressure += (r.next() - 0.52) * 0.6;
    const temp = base + 6 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (r.next() - 0.5);
    const humidity = Math.min(99, Math.max(35, 78 - (temp - base) * 4 + (r.next() - 0.5) * 6));
    const wind = Math.max(0, 8 + 10 * r.next() + (day === 5 ? 18 : 0));
    const rain = day === 5 && hour > 13 && hour < 19 ? Math.round(r.next() * 18) / 10 : 0;
    rows.push(
      `${date}T${hh}:${mm}:00Z,${temp.toFixed(1)},${humidity.toFixed(0)},${pressure.toFixed(1)},${wind.toFixed(1)},${r.pick(dirs)},${rain.toFixed(1)}`,
    );
    if (wind > 35)
      log.push(`${date} ${hh}:${mm}:01 WARN gust ${wind.toFixed(1)} km/h above alert threshold 35`);
  }
  log.push(`${date} 23:55:10 INFO upload ok: 144 rows to the school data portal (queue empty)`);
}

writeTree(dir, {
  'readings/2026-W15.csv': `${rows.join('\n')}\n`,
  'logs/logger.log': `${log.join('\n')}\n`,
  'station.conf': `# Rooftop weather station, St Brendan's Primary (science block roof)
station_id = sbp-roof-01
latitude = 53.3441
longitude = -6.2675
altitude_m = 31
interval_min = 10
sensors = bme280, anemometer, tipping-bucket
rain_mm_per_tip = 0.2794
wind_alert_kmh = 35
upload_url = https://portal.schoolweather.example/api/v1/readings
upload_hour = 23
`,
  'NOTES.md': `# Station notes

- 2026-01-14 Installed on the science block roof by Mr Byrne and Year 6.
- 2026-02-03 Rain gauge funnel blocked by leaves; cleared, readings from 01-28 to 02-03 are low.
- 2026-03-19 Replaced the anemometer cups (one cracked in the storm of 03-16).
- 2026-04-09 BME280 dropped out for an hour after lunch (I2C timeout); cable re-seated 04-10.
- Next: shade the temperature sensor better, afternoon readings run about 1.5 °C high in sun.
`,
  'bin/upload.sh': `#!/bin/sh
# Upload yesterday's readings to the school data portal (cron: 55 23 * * *)
set -e
cd "$(dirname "$0")/.."
url=$(sed -n 's/^upload_url = //p' station.conf)
file="readings/$(date +%G-W%V).csv"
curl -fsS -X POST -H 'Content-Type: text/csv' --data-binary @"$file" "$url"
`,
  'bin/rotate.sh': `#!/bin/sh
# Keep eight weeks of readings and logs (cron: 0 3 * * 1)
find readings -name '*.csv' -mtime +56 -delete
find logs -name '*.log.*' -mtime +56 -delete
`,
});
