// Seed of angular-cli (docs/corpus.md): an Angular workspace, the server's working directory (`ng
// mcp` reads the workspace it starts in): angular.json with an application and a library, the
// package.json and tsconfig files `ng new` writes, and the source of a marina's berth booking app,
// part of it still in the older style (an NgModule, *ngIf and *ngFor, constructor injection) beside
// standalone components with signals, as a workspace midway through an upgrade is. No
// node_modules: the server reads the files, it does not build.
import { target, writeTree } from './lib/common.js';

const ANGULAR = '^21.2.0';

const app = (name, root, prefix, style) => ({
  projectType: 'application',
  root,
  sourceRoot: `${root ? `${root}/` : ''}src`,
  prefix,
  schematics: { '@schematics/angular:component': { style } },
  architect: {
    build: {
      builder: '@angular/build:application',
      options: {
        browser: `${root ? `${root}/` : ''}src/main.ts`,
        tsConfig: 'tsconfig.app.json',
        assets: [{ glob: '**/*', input: 'public' }],
        styles: [`${root ? `${root}/` : ''}src/styles.${style}`],
      },
      configurations: {
        production: {
          budgets: [{ type: 'initial', maximumWarning: '500kB', maximumError: '1MB' }],
          outputHashing: 'all',
        },
        development: { optimization: false, extractLicenses: false, sourceMap: true },
      },
      defaultConfiguration: 'production',
    },
    serve: {
      builder: '@angular/build:dev-server',
      configurations: {
        production: { buildTarget: `${name}:build:production` },
        development: { buildTarget: `${name}:build:development` },
      },
      defaultConfiguration: 'development',
    },
    test: { builder: '@angular/build:unit-test', options: { tsConfig: 'tsconfig.spec.json' } },
  },
});

writeTree(target(), {
  'angular.json': {
    $schema: './node_modules/@angular/cli/lib/config/schema.json',
    version: 1,
    newProjectRoot: 'projects',
    projects: {
      'berth-booking': app('berth-booking', '', 'bb', 'scss'),
      'harbour-ui': {
        projectType: 'library',
        root: 'projects/harbour-ui',
        sourceRoot: 'projects/harbour-ui/src',
        prefix: 'hui',
        architect: {
          build: {
            builder: '@angular/build:ng-packagr',
            options: { project: 'projects/harbour-ui/ng-package.json' },
            configurations: { production: { tsConfig: 'projects/harbour-ui/tsconfig.lib.prod.json' } },
            defaultConfiguration: 'production',
          },
          test: {
            builder: '@angular/build:unit-test',
            options: { tsConfig: 'projects/harbour-ui/tsconfig.spec.json' },
          },
        },
      },
    },
    cli: { packageManager: 'npm', analytics: false },
  },
  'package.json': {
    name: 'berth-booking',
    version: '3.1.0',
    private: true,
    scripts: { ng: 'ng', start: 'ng serve', build: 'ng build', test: 'ng test' },
    dependencies: {
      '@angular/common': ANGULAR,
      '@angular/compiler': ANGULAR,
      '@angular/core': ANGULAR,
      '@angular/forms': ANGULAR,
      '@angular/platform-browser': ANGULAR,
      '@angular/router': ANGULAR,
      rxjs: '~7.8.0',
      tslib: '^2.8.0',
    },
    devDependencies: {
      '@angular/build': ANGULAR,
      '@angular/cli': ANGULAR,
      '@angular/compiler-cli': ANGULAR,
      'ng-packagr': ANGULAR,
      typescript: '~5.9.2',
      vitest: '^4.0.8',
    },
  },
  'tsconfig.json': {
    compileOnSave: false,
    compilerOptions: {
      strict: true,
      noImplicitOverride: true,
      skipLibCheck: true,
      target: 'ES2022',
      module: 'preserve',
      paths: { 'harbour-ui': ['./dist/harbour-ui'] },
    },
    angularCompilerOptions: { strictTemplates: true, strictInjectionParameters: true },
  },
  'tsconfig.app.json': {
    extends: './tsconfig.json',
    compilerOptions: { outDir: './out-tsc/app' },
    include: ['src/**/*.ts'],
  },
  'tsconfig.spec.json': {
    extends: './tsconfig.json',
    compilerOptions: { types: ['vitest/globals'] },
    include: ['src/**/*.spec.ts'],
  },
  'src/main.ts': `import { bootstrapApplication } from '@angular/platform-browser';
import { appConfig } from './app/app.config';
import { App } from './app/app';

bootstrapApplication(App, appConfig).catch((err) => console.error(err));
`,
  'src/styles.scss': `:root { --harbour-blue: #1f6fa3; --buoy-orange: #f26a21; }
body { font-family: Inter, system-ui, sans-serif; margin: 0; }
`,
  'src/app/app.config.ts': `import { ApplicationConfig, provideZonelessChangeDetection } from '@angular/core';
import { provideRouter } from '@angular/router';
import { routes } from './app.routes';

export const appConfig: ApplicationConfig = {
  providers: [provideZonelessChangeDetection(), provideRouter(routes)],
};
`,
  'src/app/app.routes.ts': `import { Routes } from '@angular/router';

export const routes: Routes = [
  { path: '', loadComponent: () => import('./berths/berth-list').then((m) => m.BerthList) },
  { path: 'bookings', loadChildren: () => import('./bookings/bookings.module').then((m) => m.BookingsModule) },
];
`,
  'src/app/app.ts': `import { Component } from '@angular/core';
import { RouterLink, RouterOutlet } from '@angular/router';

@Component({
  selector: 'bb-root',
  imports: [RouterOutlet, RouterLink],
  template: \`
    <header><a routerLink="/">Berths</a> · <a routerLink="/bookings">My bookings</a></header>
    <router-outlet />
  \`,
})
export class App {}
`,
  'src/app/berths/berth.ts': `export interface Berth {
  id: string;
  pontoon: 'A' | 'B' | 'C';
  lengthM: number;
  nightlyRateEur: number;
  shorePower: boolean;
}

export const BERTHS: Berth[] = [
  { id: 'A-04', pontoon: 'A', lengthM: 9, nightlyRateEur: 38, shorePower: true },
  { id: 'A-11', pontoon: 'A', lengthM: 12, nightlyRateEur: 52, shorePower: true },
  { id: 'B-02', pontoon: 'B', lengthM: 15, nightlyRateEur: 71, shorePower: false },
  { id: 'C-07', pontoon: 'C', lengthM: 20, nightlyRateEur: 96, shorePower: true },
];
`,
  'src/app/berths/berth-list.ts': `import { Component, computed, signal } from '@angular/core';
import { BERTHS } from './berth';

@Component({
  selector: 'bb-berth-list',
  template: \`
    <label>Boat length (m) <input type="number" [value]="length()" (input)="length.set(+$any($event.target).value)" /></label>
    @for (b of fitting(); track b.id) {
      <p>{{ b.id }} — {{ b.lengthM }} m — €{{ b.nightlyRateEur }}/night</p>
    } @empty {
      <p>No berth fits a boat that long.</p>
    }
  \`,
})
export class BerthList {
  readonly length = signal(10);
  readonly fitting = computed(() => BERTHS.filter((b) => b.lengthM >= this.length()));
}
`,
  'src/app/bookings/bookings.module.ts': `import { NgModule } from '@angular/core';
import { CommonModule } from '@angular/common';
import { RouterModule } from '@angular/router';
import { BookingListComponent } from './booking-list.component';

@NgModule({
  declarations: [BookingListComponent],
  imports: [CommonModule, RouterModule.forChild([{ path: '', component: BookingListComponent }])],
})
export class BookingsModule {}
`,
  'src/app/bookings/booking-list.component.ts': `import { Component, OnInit } from '@angular/core';
import { BookingService, Booking } from './booking.service';

@Component({
  selector: 'bb-booking-list',
  standalone: false,
  template: \`
    <p *ngIf="!bookings.length">You have no bookings yet.</p>
    <ul>
      <li *ngFor="let b of bookings">{{ b.berthId }}: {{ b.arrive }} → {{ b.depart }}</li>
    </ul>
  \`,
})
export class BookingListComponent implements OnInit {
  bookings: Booking[] = [];

  constructor(private readonly service: BookingService) {}

  ngOnInit(): void {
    this.service.mine().subscribe((list) => (this.bookings = list));
  }
}
`,
  'src/app/bookings/booking.service.ts': `import { Injectable } from '@angular/core';
import { of } from 'rxjs';

export interface Booking {
  berthId: string;
  boat: string;
  arrive: string;
  depart: string;
}

@Injectable({ providedIn: 'root' })
export class BookingService {
  mine() {
    return of<Booking[]>([
      { berthId: 'A-11', boat: 'Maré Alta', arrive: '2026-07-03', depart: '2026-07-06' },
      { berthId: 'C-07', boat: 'Nordlys', arrive: '2026-08-14', depart: '2026-08-15' },
    ]);
  }
}
`,
  'projects/harbour-ui/ng-package.json': {
    dest: '../../dist/harbour-ui',
    lib: { entryFile: 'src/public-api.ts' },
  },
  'projects/harbour-ui/package.json': {
    name: 'harbour-ui',
    version: '0.4.0',
    peerDependencies: { '@angular/core': ANGULAR },
  },
  'projects/harbour-ui/src/public-api.ts': `export * from './lib/tide-badge';
`,
  'projects/harbour-ui/src/lib/tide-badge.ts': `import { Component, input } from '@angular/core';

@Component({
  selector: 'hui-tide-badge',
  template: \`<span class="badge" [class.rising]="rising()">{{ levelM() }} m</span>\`,
})
export class TideBadge {
  readonly levelM = input.required<number>();
  readonly rising = input(false);
}
`,
});
