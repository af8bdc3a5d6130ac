// Seed of graphql-schema (docs/corpus.md): a library catalogue's GraphQL schema (SDL).
import { target, writeTree } from './lib/common.js';
import { graphqlSchema } from './lib/folders.js';

writeTree(target(), { 'schema.graphqls': graphqlSchema() });
