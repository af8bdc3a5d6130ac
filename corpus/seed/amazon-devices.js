// Seed of amazon-devices (docs/corpus.md): the workspace of a small Fire TV app built with React Native
// for Vega, the project a developer would open the server beside. The server's readable data is the
// documentation it ships (a SQLite database of curated guides, workflows and skills); the seed adds
// what its project tools read: `.adbt-config.json` at the project root (the platform and project
// identifier its set_project_context tool takes), the app's `manifest.toml`, `package.json` and
// sources, a CPU trace converted to JSON under a performance run's output folder (the
// `iter_<n>_trace<epoch>-converted.json` its hot-function tool names), and a JavaScript crash report
// (`.acr`). Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();
const app = 'harbourtv';

// A CPU trace in the Chrome trace-event form: complete events ("X") of the app's JS thread, with
// durations that differ so some functions are hotter than others.
const frames = [
  ['renderRow', 'src/components/ShelfRow.tsx', 38, 1840],
  ['measureFocusable', 'src/focus/focusMap.ts', 12, 960],
  ['formatRuntime', 'src/util/time.ts', 4, 120],
  ['PosterImage', 'src/components/PosterImage.tsx', 21, 2410],
  ['sortByRecency', 'src/data/continueWatching.ts', 9, 430],
  ['JSON.parse', 'native', 0, 3120],
  ['onFocusChange', 'src/screens/HomeScreen.tsx', 57, 710],
  ['buildEpgGrid', 'src/screens/GuideScreen.tsx', 88, 5260],
];
const traceEvents = [
  { name: 'process_name', ph: 'M', pid: 4127, args: { name: 'com.harbourmedia.harbourtv' } },
  { name: 'thread_name', ph: 'M', pid: 4127, tid: 4139, args: { name: 'mqt_js' } },
];
let ts = 1766067380670;
for (let i = 0; i < 40; i++) {
  const [name, url, line, base] = frames[(i * 5) % frames.length];
  const dur = base + ((i * 37) % 11) * 13;
  traceEvents.push({
    name,
    cat: 'js',
    ph: 'X',
    pid: 4127,
    tid: 4139,
    ts,
    dur,
    args: { url, lineNumber: line },
  });
  ts += dur + 250 + ((i * 17) % 7) * 40;
}

writeTree(dir, {
  '.adbt-config.json': { platform: { default: 'vega_os' }, project: { identifier: 'harbourtv' } },
  'package.json': {
    name: app,
    version: '1.6.3',
    private: true,
    description: 'Harbour TV: the regional news and film channel app for Fire TV (Vega OS)',
    scripts: { start: 'react-native start', 'build:release': 'react-native build-vega --build-type Release' },
    dependencies: {
      '@amazon-devices/react-native-kepler': '~2.0.0',
      '@amazon-devices/kepler-ui-components': '^2.1.0',
      '@amazon-devices/react-navigation__native': '~2.0.0',
      '@amazon-devices/react-navigation__stack': '~2.0.0',
      react: '18.2.0',
      'react-native': '0.72.0',
    },
    devDependencies: { '@amazon-devices/kepler-cli-platform': '^0.20.0', typescript: '4.8.4' },
  },
  'manifest.toml': `schema-version = 1

[package]
title = "Harbour TV"
version = "1.6.3"
id = "com.harbourmedia.harbourtv"

[components]
[[components.interactive]]
id = "com.harbourmedia.harbourtv.main"
runtime-module = "/com.amazon.kepler.keplerscript.runtime.loader_2@IKeplerScript_2_0"
launch-type = "singleton"
categories = ["com.amazon.category.main"]

[needs]
[[needs.module]]
id = "/com.amazon.kepler.media@IMediaPlayer_2_0"

[[needs.privilege]]
id = "com.amazon.network.privilege.net-info"
`,
  'README.md': `# Harbour TV (Vega)

The Fire TV app of Harbour Media: a home screen of shelves (Latest news, Films this week, Continue
watching), a seven-day programme guide and a player. Release 1.6.3 went to the Appstore on
2026-03-09; 1.6.4 (guide performance) is in review.

Known issues:
- The guide screen drops frames when scrolling the evening block (buildEpgGrid is the hot path).
- A crash on opening "Continue watching" with an empty history (see \`crashes/\`).
`,
  'src/App.tsx': `import React from 'react';
import { NavigationContainer } from '@amazon-devices/react-navigation__native';
import { createStackNavigator } from '@amazon-devices/react-navigation__stack';
import { HomeScreen } from './screens/HomeScreen';
import { GuideScreen } from './screens/GuideScreen';
import { PlayerScreen } from './screens/PlayerScreen';

const Stack = createStackNavigator();

export const App = () => (
  <NavigationContainer>
    <Stack.Navigator screenOptions={{ headerShown: false }}>
      <Stack.Screen name="Home" component={HomeScreen} />
      <Stack.Screen name="Guide" component={GuideScreen} />
      <Stack.Screen name="Player" component={PlayerScreen} />
    </Stack.Navigator>
  </NavigationContainer>
);
`,
  'src/screens/HomeScreen.tsx': `import React, { useState } from 'react';
import { FlatList, View } from 'react-native';
import { ShelfRow } from '../components/ShelfRow';
import { shelves } from '../data/shelves';

export const HomeScreen = ({ navigation }: any) => {
  const [focused, setFocused] = useState<string | null>(null);
  const onFocusChange = (id: string) => setFocused(id);
  return (
    <View style={{ flex: 1, backgroundColor: '#0b1620' }}>
      <FlatList
        data={shelves}
        keyExtractor={(s) => s.id}
        renderItem={({ item }) => (
          <ShelfRow shelf={item} focusedId={focused} onFocus={onFocusChange} onSelect={(id) => navigation.navigate('Player', { id })} />
        )}
      />
    </View>
  );
};
`,
  'src/screens/GuideScreen.tsx': `import React from 'react';
import { ScrollView, Text, View } from 'react-native';
import { programmes } from '../data/guide';

// Builds every cell of seven days at once; the cause of the dropped frames in the evening block.
export function buildEpgGrid(days: number) {
  const rows = [];
  for (let d = 0; d < days; d++) rows.push(programmes.filter((p) => p.day === d));
  return rows;
}

export const GuideScreen = () => (
  <ScrollView>
    {buildEpgGrid(7).map((row, i) => (
      <View key={i} style={{ flexDirection: 'row' }}>
        {row.map((p) => (
          <Text key={p.id} style={{ width: p.minutes * 4, color: '#e8eef2' }}>{p.title}</Text>
        ))}
      </View>
    ))}
  </ScrollView>
);
`,
  'src/screens/PlayerScreen.tsx': `import React from 'react';
import { Text } from 'react-native';

export const PlayerScreen = ({ route }: any) => <Text>Playing {route.params.id}</Text>;
`,
  'src/components/ShelfRow.tsx': `import React from 'react';
import { FlatList, Text, View } from 'react-native';
import { PosterImage } from './PosterImage';

export function ShelfRow({ shelf, focusedId, onFocus, onSelect }: any) {
  return (
    <View>
      <Text style={{ color: '#ffffff', fontSize: 28 }}>{shelf.title}</Text>
      <FlatList
        horizontal
        data={shelf.items}
        keyExtractor={(i: any) => i.id}
        renderItem={({ item }: any) => (
          <PosterImage item={item} focused={item.id === focusedId} onFocus={() => onFocus(item.id)} onPress={() => onSelect(item.id)} />
        )}
      />
    </View>
  );
}
`,
  'src/components/PosterImage.tsx': `import React from 'react';
import { Image, TouchableOpacity } from 'react-native';

export const PosterImage = ({ item, focused, onFocus, onPress }: any) => (
  <TouchableOpacity onFocus={onFocus} onPress={onPress} style={{ transform: [{ scale: focused ? 1.1 : 1 }] }}>
    <Image source={{ uri: item.poster }} style={{ width: 240, height: 360 }} />
  </TouchableOpacity>
);
`,
  'src/data/shelves.ts': `export const shelves = [
  { id: 'latest', title: 'Latest news', items: [
    { id: 'n-0311', title: 'Harbour bridge reopens', poster: 'asset:/posters/n-0311.jpg' },
    { id: 'n-0312', title: 'Ferry timetable changes', poster: 'asset:/posters/n-0312.jpg' },
  ] },
  { id: 'films', title: 'Films this week', items: [
    { id: 'f-118', title: 'The Lighthouse Keeper (1987)', poster: 'asset:/posters/f-118.jpg' },
    { id: 'f-121', title: 'Salt and Iron (2019)', poster: 'asset:/posters/f-121.jpg' },
    { id: 'f-124', title: 'Low Tide (2024)', poster: 'asset:/posters/f-124.jpg' },
  ] },
  { id: 'continue', title: 'Continue watching', items: [] },
];
`,
  'src/data/guide.ts': `export const programmes = [
  { id: 'p1', day: 0, title: 'Morning Harbour', minutes: 120 },
  { id: 'p2', day: 0, title: 'Midday News', minutes: 30 },
  { id: 'p3', day: 0, title: 'Low Tide (2024)', minutes: 104 },
  { id: 'p4', day: 1, title: 'Coast Watch', minutes: 60 },
  { id: 'p5', day: 1, title: 'Evening News', minutes: 45 },
];
`,
  'src/data/continueWatching.ts': `export function sortByRecency(history: { id: string; watchedAt: string }[]) {
  return [...history].sort((a, b) => b.watchedAt.localeCompare(a.watchedAt))[0].id;
}
`,
  'src/util/time.ts': `export const formatRuntime = (minutes: number) => \`\${Math.floor(minutes / 60)} h \${minutes % 60} min\`;
`,
  'src/focus/focusMap.ts': `export function measureFocusable(ids: string[]) {
  return ids.map((id, i) => ({ id, x: (i % 5) * 260, y: Math.floor(i / 5) * 400 }));
}
`,
  'perf/2026-03-21_guide-scroll/iter_2_trace1766067380670018106-converted.json': {
    traceEvents,
    displayTimeUnit: 'ms',
  },
  'perf/2026-03-21_guide-scroll/kpi-summary.json': {
    app: 'com.harbourmedia.harbourtv',
    device: 'Fire TV Stick 4K Select (Vega OS 1.1)',
    iterations: 3,
    ttffMs: [1842, 1796, 1911],
    ttfdMs: [3120, 3044, 3278],
    uiFluidityPercent: [91.2, 89.7, 90.4],
  },
  'crashes/harbourtv-2026-03-19T20-14-07.acr': `Process: com.harbourmedia.harbourtv
Version: 1.6.3
Device: AFTKRT (Vega OS 1.1.4)
Date: 2026-03-19T20:14:07Z
Crash-Type: JS_EXCEPTION
Thread: mqt_js

TypeError: Cannot read property 'id' of undefined
    at sortByRecency (index.bundle:1:48213)
    at ContinueWatchingShelf (index.bundle:1:51877)
    at renderWithHooks (index.bundle:1:203114)
    at beginWork (index.bundle:1:231907)
`,
});
