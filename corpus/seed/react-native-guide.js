// Seed of react-native-guide (docs/corpus.md): a small React Native app at the root of the data
// folder (the server's tools take the project root, `codebase_path` / `project_path`, and default to
// their working directory): a harbour ferry timetable with three screens, a row component, fixed
// departure data and one test, and the things a React Native review looks for (a ScrollView over a
// long list, inline styles, console.log, a plain http:// fare endpoint, a token in AsyncStorage, a
// deprecated community package). Fixed text: the same bytes everywhere.

import { target, writeTree } from './lib/common.js';

const DEPARTURES = [
  ['F1', 'Cais do Sodré', 'Cacilhas', '06:40', 10, 'Maria Lamas'],
  ['F1', 'Cais do Sodré', 'Cacilhas', '07:05', 10, 'Maria Lamas'],
  ['F2', 'Belém', 'Trafaria', '07:30', 15, 'Almada Negreiros'],
  ['F2', 'Belém', 'Porto Brandão', '07:50', 20, 'Almada Negreiros'],
  ['F3', 'Terreiro do Paço', 'Barreiro', '08:10', 25, 'Cesário Verde'],
  ['F1', 'Cais do Sodré', 'Seixal', '08:35', 20, 'Sophia de Mello'],
  ['F3', 'Terreiro do Paço', 'Barreiro', '09:15', 25, 'Cesário Verde'],
  ['F4', 'Cais do Sodré', 'Montijo', '09:40', 30, 'José Saramago'],
];

const departuresTs = `export interface Departure {
  line: string;
  from: string;
  to: string;
  time: string;
  minutes: number;
  vessel: string;
}

export const DEPARTURES: Departure[] = [
${DEPARTURES.map(([line, from, to, time, minutes, vessel]) => `  { line: '${line}', from: '${from}', to: '${to}', time: '${time}', minutes: ${minutes}, vessel: '${vessel}' },`).join('\n')}
];

export const FARES = { single: 1.45, return: 2.7, monthly: 40.0 };
`;

writeTree(target(), {
  'package.json': {
    name: 'tejo-ferries',
    version: '0.4.2',
    private: true,
    scripts: {
      android: 'react-native run-android',
      ios: 'react-native run-ios',
      start: 'react-native start',
      test: 'jest',
    },
    dependencies: {
      '@react-native-community/async-storage': '1.12.1',
      '@react-navigation/native': '6.1.7',
      '@react-navigation/native-stack': '6.9.13',
      axios: '1.4.0',
      moment: '2.29.4',
      react: '18.2.0',
      'react-native': '0.72.6',
      'react-native-safe-area-context': '4.7.1',
      'react-native-screens': '3.25.0',
    },
    devDependencies: {
      '@babel/core': '7.22.9',
      '@testing-library/react-native': '12.1.3',
      '@types/react': '18.2.18',
      jest: '29.6.2',
      typescript: '5.1.6',
    },
  },
  'app.json': { name: 'TejoFerries', displayName: 'Tejo Ferries' },
  'README.md': `# Tejo Ferries

Timetable app for the Lisbon river ferries: today's departures by pier, fares, and a saved
favourite route. React Native 0.72, TypeScript, React Navigation 6.

- \`npm run android\` / \`npm run ios\`
- \`npm test\` runs Jest with Testing Library
`,
  'App.tsx': `import React from 'react';
import { NavigationContainer } from '@react-navigation/native';
import { createNativeStackNavigator } from '@react-navigation/native-stack';
import DeparturesScreen from './src/screens/DeparturesScreen';
import FareScreen from './src/screens/FareScreen';
import FavouriteScreen from './src/screens/FavouriteScreen';

const Stack = createNativeStackNavigator();

export default function App() {
  return (
    <NavigationContainer>
      <Stack.Navigator initialRouteName="Departures">
        <Stack.Screen name="Departures" component={DeparturesScreen} />
        <Stack.Screen name="Fares" component={FareScreen} />
        <Stack.Screen name="Favourite" component={FavouriteScreen} />
      </Stack.Navigator>
    </NavigationContainer>
  );
}
`,
  'src/data/departures.ts': departuresTs,
  'src/components/DepartureRow.tsx': `import React from 'react';
import { Text, TouchableOpacity, View } from 'react-native';
import type { Departure } from '../data/departures';

export default function DepartureRow({ item, onPress }: { item: Departure; onPress: () => void }) {
  return (
    <TouchableOpacity onPress={onPress}>
      <View style={{ flexDirection: 'row', padding: 12, borderBottomWidth: 1, borderColor: '#d0d7de' }}>
        <Text style={{ width: 48, fontWeight: 'bold' }}>{item.time}</Text>
        <Text style={{ flex: 1 }}>{item.from} → {item.to}</Text>
        <Text>{item.minutes} min</Text>
      </View>
    </TouchableOpacity>
  );
}
`,
  'src/screens/DeparturesScreen.tsx': `import React, { useState } from 'react';
import { ScrollView, Text, TextInput } from 'react-native';
import moment from 'moment';
import DepartureRow from '../components/DepartureRow';
import { DEPARTURES } from '../data/departures';

export default function DeparturesScreen({ navigation }: any) {
  const [pier, setPier] = useState('');
  const shown = DEPARTURES.filter((d) => d.from.toLowerCase().includes(pier.toLowerCase()));
  console.log('departures shown', shown.length, moment().format('HH:mm'));
  return (
    <ScrollView>
      <TextInput placeholder="Pier" value={pier} onChangeText={setPier} style={{ margin: 12, padding: 8, borderWidth: 1 }} />
      {shown.map((d, i) => (
        <DepartureRow key={i} item={d} onPress={() => navigation.navigate('Fares', { line: d.line })} />
      ))}
      <Text style={{ margin: 12, color: '#57606a' }}>{shown.length} departures</Text>
    </ScrollView>
  );
}
`,
  'src/screens/FareScreen.tsx': `import React, { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import axios from 'axios';
import AsyncStorage from '@react-native-community/async-storage';
import { FARES } from '../data/departures';

export default function FareScreen({ route }: any) {
  const [fares, setFares] = useState(FARES);
  useEffect(() => {
    axios.get('http://fares.tejo-ferries.example/v1/fares?line=' + route.params.line).then((r) => {
      setFares(r.data);
      AsyncStorage.setItem('apiToken', r.headers['x-token']);
    });
  });
  return (
    <View style={{ padding: 16 }}>
      <Text>Line {route.params.line}</Text>
      <Text>Single €{fares.single.toFixed(2)}</Text>
      <Text>Return €{fares.return.toFixed(2)}</Text>
      <Text>Monthly €{fares.monthly.toFixed(2)}</Text>
    </View>
  );
}
`,
  'src/screens/FavouriteScreen.tsx': `import React, { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import AsyncStorage from '@react-native-community/async-storage';

export default function FavouriteScreen() {
  const [route, setRoute] = useState<string | null>(null);
  useEffect(() => {
    AsyncStorage.getItem('favouriteRoute').then(setRoute);
  }, []);
  return (
    <View style={{ padding: 16 }}>
      <Text>{route ?? 'No favourite route yet'}</Text>
    </View>
  );
}
`,
  '__tests__/DepartureRow.test.tsx': `import React from 'react';
import { fireEvent, render } from '@testing-library/react-native';
import DepartureRow from '../src/components/DepartureRow';

test('shows the time and calls onPress', () => {
  const onPress = jest.fn();
  const item = { line: 'F1', from: 'Cais do Sodré', to: 'Cacilhas', time: '06:40', minutes: 10, vessel: 'Maria Lamas' };
  const { getByText } = render(<DepartureRow item={item} onPress={onPress} />);
  fireEvent.press(getByText('06:40'));
  expect(onPress).toHaveBeenCalled();
});
`,
});
