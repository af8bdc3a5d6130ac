// Seed of likec4 (docs/corpus.md): the LikeC4 workspace its MCP server is started in, the
// architecture model of a regional blood service (Northvale Blood Service): a README, the project
// file `likec4.config.json`, the specification (element kinds actor, system, container, component,
// database and queue with their shapes and colours, tags, an async relationship kind), the model
// split over three `.c4` files (the people: donors, session nurses, hospital transfusion labs,
// couriers; the service's own systems: the donor app and booking API, the session planner, the
// blood-bank inventory with its stock database and expiry job, the lab results gateway, the
// hospital ordering portal and the dispatch service; the outside systems: the national donor
// register, the SMS gateway, the testing laboratory and the courier firm), with descriptions,
// technologies, links, metadata and tags on elements and titled relationships between them, and
// the views: the landscape, a context view of the service, container views of two systems and a
// dynamic view of an emergency order from a hospital. No `node_modules`: the server reads the
// `.c4` sources. Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'README.md': `# northvale-architecture

The architecture model of the Northvale Blood Service (three donor centres, 40 mobile sessions a
month, 11 hospitals supplied), kept in LikeC4. Edit the \`.c4\` files under \`model/\`; the views
are in \`views.c4\`.

Open questions for the January review:

- The expiry job still reads the stock database directly; move it behind the inventory API.
- Emergency orders (O negative, platelets) go by phone as well as by the portal: should dispatch
  accept both?
- The lab results gateway polls the testing laboratory every 15 minutes; ask for a webhook.

Owners: Aino Virtanen (architecture), Kwame Mensah (blood bank systems).
`,
  'likec4.config.json': {
    $schema: 'https://likec4.dev/schemas/config.json',
    name: 'northvale-blood-service',
    title: 'Northvale Blood Service',
  },
  'specification.c4': `specification {
  element actor {
    style {
      shape person
      color amber
    }
  }
  element system {
    style {
      color indigo
    }
  }
  element externalSystem {
    style {
      color gray
    }
  }
  element container
  element component
  element database {
    style {
      shape storage
      color green
    }
  }
  element queue {
    style {
      shape queue
    }
  }

  relationship async {
    line dotted
    color amber
  }

  tag critical
  tag deprecated
  tag pii
}
`,
  'model/people.c4': `model {
  donor = actor 'Blood donor' {
    description 'Registers, books donation appointments and sees their donation history'
  }
  nurse = actor 'Session nurse' {
    description 'Runs donor sessions at the centres and the mobile sessions'
  }
  translab = actor 'Hospital transfusion lab' {
    description 'Orders blood components for patients and receives them'
  }
  courier = actor 'Courier driver' {
    description 'Collects boxes from the blood bank and delivers them to hospitals'
  }
  planner = actor 'Session planner' {
    description 'Plans where and when the mobile sessions run'
  }
}
`,
  'model/northvale.c4': `model {
  northvale = system 'Northvale Blood Service' {
    description 'Everything from the donor booking to the delivery of blood components to hospitals'
    link https://intranet.northvale.example/architecture 'Architecture wiki'

    donorApp = container 'Donor app' {
      #pii
      technology 'React Native'
      description 'iOS and Android app: sign-up, appointments, donation history, reminders'
    }
    bookingApi = container 'Booking API' {
      #pii
      technology 'Kotlin, Spring Boot'
      description 'Appointments and session capacity'
      metadata {
        owner 'Donor experience team'
        oncall 'donor-oncall'
      }
    }
    bookingDb = database 'Booking database' {
      #pii
      technology 'PostgreSQL 16'
      description 'Donors, appointments, deferrals'
    }
    sessionPlanner = container 'Session planner' {
      technology 'Python, Django'
      description 'Mobile session calendar, venues, staffing'
    }

    bloodBank = container 'Blood bank inventory' {
      #critical
      technology 'Java 21'
      description 'Units by component, group and expiry; reservations for orders'
      metadata {
        owner 'Blood bank systems'
        rpo '5 minutes'
      }

      stockApi = component 'Stock API' {
        technology 'Spring Boot'
        description 'Reads and reserves units'
      }
      labelling = component 'ISBT 128 labelling' {
        description 'Prints the unit labels once the test results are clear'
      }
      expiryJob = component 'Expiry job' {
        #deprecated
        technology 'cron, nightly 02:00'
        description 'Marks expired units and writes the wastage report'
      }
    }
    stockDb = database 'Stock database' {
      #critical
      technology 'Oracle 19c'
      description 'Every unit, its tests, location and status'
    }
    resultsGateway = container 'Lab results gateway' {
      technology 'Node.js'
      description 'Fetches test results from the testing laboratory and releases units'
    }
    orderPortal = container 'Hospital ordering portal' {
      #critical
      technology 'Angular'
      description 'Routine and emergency orders from hospital transfusion labs'
    }
    dispatch = container 'Dispatch service' {
      technology 'Go'
      description 'Packs orders into boxes and books couriers'
    }
    events = queue 'Event bus' {
      technology 'RabbitMQ'
      description 'Order, stock and dispatch events'
    }
  }
}
`,
  'model/external.c4': `model {
  donorRegister = externalSystem 'National donor register' {
    description 'The national record of donors and deferrals'
    technology 'HL7 FHIR API'
  }
  smsGateway = externalSystem 'SMS gateway' {
    description 'Appointment reminders and thank-you texts'
  }
  testingLab = externalSystem 'Testing laboratory' {
    description 'Blood grouping and infection screening of every donation'
  }
  courierFirm = externalSystem 'Courier firm' {
    description 'Blue-light and routine deliveries under contract until 2028'
  }

  donor -> northvale.donorApp 'books appointments'
  northvale.donorApp -> northvale.bookingApi 'calls' {
    technology 'HTTPS, JSON'
  }
  northvale.bookingApi -> northvale.bookingDb 'reads and writes'
  northvale.bookingApi -> donorRegister 'checks deferrals' {
    technology 'FHIR'
  }
  northvale.bookingApi -[async]-> smsGateway 'sends reminders'
  planner -> northvale.sessionPlanner 'plans mobile sessions'
  northvale.sessionPlanner -> northvale.bookingApi 'publishes session capacity'
  nurse -> northvale.bookingApi 'checks donors in'
  nurse -> northvale.bloodBank 'records collected units'

  northvale.bloodBank.stockApi -> northvale.stockDb 'reads and reserves'
  northvale.bloodBank.expiryJob -> northvale.stockDb 'marks expired units' {
    #deprecated
  }
  northvale.bloodBank.labelling -> northvale.stockDb 'reads test status'
  testingLab -> northvale.resultsGateway 'results are fetched every 15 minutes'
  northvale.resultsGateway -> northvale.bloodBank.stockApi 'releases tested units'
  northvale.resultsGateway -> northvale.bloodBank.labelling 'triggers labels'

  translab -> northvale.orderPortal 'orders blood components'
  northvale.orderPortal -> northvale.bloodBank.stockApi 'reserves units' {
    #critical
  }
  northvale.orderPortal -[async]-> northvale.events 'publishes order placed'
  northvale.events -[async]-> northvale.dispatch 'order placed'
  northvale.dispatch -> courierFirm 'books collection'
  northvale.dispatch -[async]-> northvale.events 'publishes dispatched'
  courierFirm -> courier 'assigns driver'
  courier -> translab 'delivers boxes'
}
`,
  'views.c4': `views {
  view index {
    title 'Landscape'
    description 'The Northvale Blood Service, the people it serves and the systems outside it'
    include *
  }

  view context of northvale {
    title 'Northvale Blood Service: context'
    include *
    style * {
      color secondary
    }
    style northvale {
      color primary
    }
  }

  view bloodbank of northvale.bloodBank {
    title 'Blood bank inventory: components'
    include *
    include northvale.stockDb, northvale.resultsGateway, northvale.orderPortal
  }

  view donors {
    title 'Donor journey'
    include donor, nurse, planner
    include northvale.donorApp, northvale.bookingApi, northvale.bookingDb, northvale.sessionPlanner
    include donorRegister, smsGateway
  }

  dynamic view emergencyOrder {
    title 'Emergency order: O negative for a trauma patient'
    translab -> northvale.orderPortal 'places an emergency order'
    northvale.orderPortal -> northvale.bloodBank.stockApi 'reserves 4 units of O negative'
    northvale.orderPortal -> northvale.events 'order placed (priority: emergency)'
    northvale.events -> northvale.dispatch 'order placed'
    northvale.dispatch -> courierFirm 'books a blue-light collection'
    courierFirm -> courier 'assigns the nearest driver'
    courier -> translab 'delivers within 45 minutes'
  }
}
`,
});
