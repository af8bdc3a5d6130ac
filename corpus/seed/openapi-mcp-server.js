// Seed of openapi-mcp-server (docs/corpus.md): the OpenAPI 3.1 description, in YAML, of an island
// ferry operator's booking API (routes, sailings with their vessels and remaining deck space,
// fares by passenger type and vehicle length, bookings, check-in, disruption notices), which the
// server is started on with `--openapi-spec` and `--tools dynamic`: its meta-tools list the
// endpoints and give each one's schema from this file; its invoke tool sends the request to
// `--api-base-url`, the development server the README beside the spec names
// (http://localhost:8080/v2), where nothing listens here. Fixed text: the same bytes everywhere; no
// network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'openapi.yaml': `openapi: 3.1.0
info:
  title: Skerry Isles Ferries booking API
  version: 2.7.0
  description: |
    Routes, sailings, fares and bookings of Skerry Isles Ferries (4 vessels, 6 ports, 5 routes).
    Times are local (Europe/London). Vehicle deck space is counted in lane metres.
    Bookings close 2 hours before departure; check-in closes 30 minutes before.
  contact:
    name: Digital team, Skerry Isles Ferries
    email: api@skerryferries.example
servers:
  - url: http://localhost:8080/v2
    description: Local development server (npm run dev in booking-api)
  - url: https://api.skerryferries.example/v2
    description: Production
tags:
  - name: routes
  - name: sailings
  - name: fares
  - name: bookings
  - name: disruptions
security:
  - bearerAuth: []
paths:
  /routes:
    get:
      tags: [routes]
      operationId: listRoutes
      summary: List the routes with their ports and crossing times
      security: []
      responses:
        '200':
          description: The routes
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Route' }
              example:
                - { code: KRK-HSK, from: KRK, to: HSK, crossingMinutes: 95, seasonal: false }
                - { code: KRK-ORN, from: KRK, to: ORN, crossingMinutes: 50, seasonal: false }
                - { code: ORN-VAL, from: ORN, to: VAL, crossingMinutes: 35, seasonal: false }
                - { code: HSK-BRE, from: HSK, to: BRE, crossingMinutes: 20, seasonal: true }
                - { code: KRK-VAL, from: KRK, to: VAL, crossingMinutes: 140, seasonal: true }
  /sailings:
    get:
      tags: [sailings]
      operationId: searchSailings
      summary: Search sailings on a route and date
      security: []
      parameters:
        - { name: route, in: query, required: true, schema: { type: string, example: KRK-HSK } }
        - { name: date, in: query, required: true, schema: { type: string, format: date, example: '2026-12-18' } }
        - name: vehicleLength
          in: query
          description: Length of the vehicle in metres; sailings without that much deck space are left out
          schema: { type: number, minimum: 2, maximum: 18.75 }
      responses:
        '200':
          description: Sailings that day, in departure order
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Sailing' }
        '400': { $ref: '#/components/responses/BadRequest' }
  /sailings/{sailingId}:
    get:
      tags: [sailings]
      operationId: getSailing
      summary: One sailing with its vessel, status and remaining capacity
      security: []
      parameters:
        - { $ref: '#/components/parameters/SailingId' }
      responses:
        '200':
          description: The sailing
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Sailing' }
              example:
                id: S-20261218-KRKHSK-0730
                route: KRK-HSK
                departs: '2026-12-18T07:30:00'
                arrives: '2026-12-18T09:05:00'
                vessel: MV Hebridean Tern
                status: scheduled
                passengerSeatsLeft: 212
                laneMetresLeft: 86.5
        '404': { $ref: '#/components/responses/NotFound' }
  /fares/quote:
    post:
      tags: [fares]
      operationId: quoteFare
      summary: Price a journey for a party and an optional vehicle
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/QuoteRequest' }
            example:
              sailingId: S-20261218-KRKHSK-0730
              passengers: { adult: 2, child: 1, senior: 0 }
              vehicle: { type: car, lengthMetres: 4.6 }
      responses:
        '200':
          description: The price, in pence, with its lines
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Quote' }
        '409':
          description: Not enough seats or deck space left on the sailing
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
  /bookings:
    post:
      tags: [bookings]
      operationId: createBooking
      summary: Book a quoted journey (closes 2 hours before departure)
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [quoteId, leadPassenger]
              properties:
                quoteId: { type: string, example: Q-7F3K2 }
                leadPassenger: { $ref: '#/components/schemas/Person' }
                vehicleRegistration: { type: string, example: SK21 FRY }
      responses:
        '201':
          description: The booking
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Booking' }
        '409':
          description: The quote has expired (after 20 minutes) or the sailing is full
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
  /bookings/{reference}:
    get:
      tags: [bookings]
      operationId: getBooking
      summary: A booking by its reference
      parameters:
        - { $ref: '#/components/parameters/Reference' }
      responses:
        '200':
          description: The booking
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Booking' }
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      tags: [bookings]
      operationId: cancelBooking
      summary: Cancel a booking; refunds 100% up to 48 hours before departure, 50% after
      parameters:
        - { $ref: '#/components/parameters/Reference' }
      responses:
        '200':
          description: The refund
          content:
            application/json:
              schema:
                type: object
                properties:
                  reference: { type: string }
                  refundPence: { type: integer, example: 4860 }
        '404': { $ref: '#/components/responses/NotFound' }
  /bookings/{reference}/check-in:
    post:
      tags: [bookings]
      operationId: checkIn
      summary: Check a booking in at the port (closes 30 minutes before departure)
      parameters:
        - { $ref: '#/components/parameters/Reference' }
      responses:
        '200':
          description: Boarding lane and deck
          content:
            application/json:
              schema:
                type: object
                properties:
                  lane: { type: integer, example: 4 }
                  deck: { type: string, enum: [main, mezzanine, foot-passengers] }
        '409':
          description: Check-in closed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
  /disruptions:
    get:
      tags: [disruptions]
      operationId: listDisruptions
      summary: Current disruption notices (weather, tide, vessel faults)
      security: []
      parameters:
        - { name: route, in: query, schema: { type: string } }
      responses:
        '200':
          description: Notices, newest first
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Disruption' }
              example:
                - id: D-1184
                  route: HSK-BRE
                  severity: amber
                  issued: '2026-12-06T16:40:00'
                  text: Forecast SW gale 8 on 7 December; the 17:15 and 19:00 sailings may be cancelled.
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer, bearerFormat: JWT }
  parameters:
    SailingId: { name: sailingId, in: path, required: true, schema: { type: string } }
    Reference:
      name: reference
      in: path
      required: true
      schema: { type: string, pattern: '^SK[0-9]{6}$', example: SK482915 }
  responses:
    NotFound:
      description: No such resource
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
    BadRequest:
      description: A parameter is missing or malformed
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Route:
      type: object
      required: [code, from, to, crossingMinutes]
      properties:
        code: { type: string }
        from: { $ref: '#/components/schemas/PortCode' }
        to: { $ref: '#/components/schemas/PortCode' }
        crossingMinutes: { type: integer }
        seasonal: { type: boolean, description: Runs from April to October only }
    PortCode:
      type: string
      enum: [KRK, HSK, ORN, VAL, BRE, STN]
      description: KRK Kirkhaven, HSK Hoswick, ORN Ornsay, VAL Valsay, BRE Brenish, STN Stenness (freight only)
    Sailing:
      type: object
      required: [id, route, departs, vessel, status]
      properties:
        id: { type: string }
        route: { type: string }
        departs: { type: string, format: date-time }
        arrives: { type: string, format: date-time }
        vessel: { type: string, enum: [MV Hebridean Tern, MV Isle of Ornsay, MV Loch Valsay, MV Brenish Lass] }
        status: { type: string, enum: [scheduled, boarding, departed, delayed, cancelled] }
        passengerSeatsLeft: { type: integer }
        laneMetresLeft: { type: number }
    QuoteRequest:
      type: object
      required: [sailingId, passengers]
      properties:
        sailingId: { type: string }
        passengers:
          type: object
          properties:
            adult: { type: integer, minimum: 0, maximum: 9 }
            child: { type: integer, minimum: 0, maximum: 9, description: Ages 5 to 15; under 5 travel free }
            senior: { type: integer, minimum: 0, maximum: 9, description: Islanders' concession card holders over 60 }
        vehicle:
          type: object
          properties:
            type: { type: string, enum: [car, van, motorhome, motorcycle, bicycle] }
            lengthMetres: { type: number, maximum: 18.75 }
    Quote:
      type: object
      properties:
        quoteId: { type: string }
        expiresAt: { type: string, format: date-time }
        totalPence: { type: integer, example: 9720 }
        lines:
          type: array
          items:
            type: object
            properties:
              label: { type: string, example: 'Car up to 5 m' }
              pence: { type: integer, example: 5440 }
    Person:
      type: object
      required: [name, phone]
      properties:
        name: { type: string, example: Morag Henderson }
        phone: { type: string, example: '+44 7700 900412' }
        email: { type: string, format: email }
    Booking:
      type: object
      properties:
        reference: { type: string, example: SK482915 }
        sailingId: { type: string }
        status: { type: string, enum: [confirmed, checked-in, cancelled, no-show] }
        leadPassenger: { $ref: '#/components/schemas/Person' }
        totalPence: { type: integer }
        created: { type: string, format: date-time }
    Disruption:
      type: object
      properties:
        id: { type: string }
        route: { type: string }
        severity: { type: string, enum: [green, amber, red] }
        issued: { type: string, format: date-time }
        text: { type: string }
    Error:
      type: object
      required: [code, message]
      properties:
        code: { type: string, example: SAILING_FULL }
        message: { type: string }
`,
  'README.md': `# booking-api: the OpenAPI description

\`openapi.yaml\` describes version 2.7 of the booking API of Skerry Isles Ferries, used by the
website, the port kiosks and the travel agents. Development server: \`npm run dev\` in the
booking-api repository serves it at http://localhost:8080/v2 with the test timetable of
December 2026.

- Public: routes, sailings, fares, disruptions. Bookings need a bearer token from the agents' portal.
- Fares 2026/27: adult 1,640p, child 820p, senior 0p on island routes; car up to 5 m 5,440p, each
  further metre 1,180p; bicycles free.
- Known gap: \`/fares/quote\` does not yet price the seasonal routes' evening discount.
`,
});
