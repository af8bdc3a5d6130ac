// Seed of mcp-graphql (docs/corpus.md): the schema file its `SCHEMA` variable names, in SDL, of a
// county library service's catalogue API (branches, titles and copies, members, loans, holds, fines;
// queries and the mutations a librarian's desk uses), and a README of the API's conventions. The
// server answers introspection from this file; its query tool posts to `ENDPOINT` (the README's
// local server, http://localhost:4000/graphql), where no server listens here. Fixed text: the same
// bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'schema.graphql': `"""
Catalogue and circulation API of the Wyre Valley County Library Service (12 branches).
Version 3.4, 2026-10-01.
"""
schema {
  query: Query
  mutation: Mutation
}

scalar Date

enum Format {
  HARDBACK
  PAPERBACK
  LARGE_PRINT
  AUDIOBOOK_CD
  DVD
}

enum CopyStatus {
  ON_SHELF
  ON_LOAN
  IN_TRANSIT
  ON_HOLD_SHELF
  MISSING
  WITHDRAWN
}

"""A library branch. Mobile libraries are branches with isMobile true and a weekly route."""
type Branch {
  code: ID!
  name: String!
  town: String!
  isMobile: Boolean!
  openingHours: [String!]!
  copies(status: CopyStatus): [Copy!]!
}

"""A work in the catalogue; one title has many copies across branches."""
type Title {
  isbn: ID!
  title: String!
  authors: [String!]!
  published: Int
  subjects: [String!]!
  format: Format!
  copies: [Copy!]!
  holdsQueued: Int!
}

type Copy {
  barcode: ID!
  title: Title!
  branch: Branch!
  status: CopyStatus!
  shelfMark: String
  acquired: Date!
}

"""A card holder. Junior members (under 16) may hold at most 6 items at once; adults 15."""
type Member {
  cardNumber: ID!
  name: String!
  homeBranch: Branch!
  junior: Boolean!
  joined: Date!
  loans(current: Boolean = true): [Loan!]!
  holds: [Hold!]!
  finesOwedPence: Int!
}

type Loan {
  id: ID!
  copy: Copy!
  member: Member!
  issued: Date!
  due: Date!
  returned: Date
  renewals: Int!
}

type Hold {
  id: ID!
  title: Title!
  member: Member!
  pickupBranch: Branch!
  placed: Date!
  positionInQueue: Int!
}

type Query {
  branches(mobileOnly: Boolean = false): [Branch!]!
  branch(code: ID!): Branch
  searchTitles(text: String!, format: Format, first: Int = 20): [Title!]!
  title(isbn: ID!): Title
  copy(barcode: ID!): Copy
  member(cardNumber: ID!): Member
  overdueLoans(branchCode: ID, asOf: Date): [Loan!]!
}

type Mutation {
  "Issue a copy to a member; fails when the member is at the limit or owes more than 500 pence."
  issueLoan(barcode: ID!, cardNumber: ID!): Loan!
  "Return a copy at a branch; a copy with holds queued goes to the first hold's pickup branch."
  returnCopy(barcode: ID!, branchCode: ID!): Copy!
  "Renew a loan for 21 days; at most 3 renewals, none while a hold is queued on the title."
  renewLoan(loanId: ID!): Loan!
  placeHold(isbn: ID!, cardNumber: ID!, pickupBranch: ID!): Hold!
  cancelHold(holdId: ID!): Boolean!
  payFine(cardNumber: ID!, pence: Int!): Member!
}
`,
  'README.md': `# Wyre Valley Libraries: catalogue API

The GraphQL API behind the library desks and the catalogue website. Development server:
\`npm run dev\` in the api repository serves it at http://localhost:4000/graphql.

- Loans run 21 days (7 for DVDs). Fines: 25 pence a day for adults, none for juniors.
- Branch codes are three letters: KRK (Kirkby Wyre, central), HLM (Holme), BRN (Barnside),
  MB1 and MB2 (the two mobile libraries).
- Mutations need a desk session header; the website uses queries only.
`,
});
