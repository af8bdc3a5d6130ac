import { type DefinitionNode, Kind, parse, print } from 'graphql';

/**
 * A GraphQL schema in SDL (`type Loan { copy: Copy! … }`), read with the reference parser
 * (`graphql`, pinned at 16: 17 needs Node 22): each definition an entry named by its name, its
 * fields with their types, an enum's values, a union's members. Read as lines, SDL gave keys such
 * as `Loan {` (mcp-graphql: a block's opening read as a value). The parser is linear and bounded by
 * a token cap; nothing is evaluated.
 */

/** A line that opens a definition: the gate before the parser runs. */
const DEFINITION_LINE = /^(?:type|interface|enum|input|union|scalar|schema|extend)\s/m;
const MAX_TOKENS = 50_000;

type Entry = Record<string, unknown>;

function fieldsOf(def: {
  fields?: readonly { name: { value: string }; type: Parameters<typeof print>[0] }[];
}) {
  return Object.fromEntries((def.fields ?? []).map((f) => [f.name.value, print(f.type)]));
}

function entryOf(def: DefinitionNode): Entry | undefined {
  const described = (d: { description?: { value: string } }) =>
    d.description === undefined ? {} : { description: d.description.value };
  switch (def.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
      return { name: def.name.value, kind: 'type', ...described(def), fields: fieldsOf(def) };
    case Kind.INTERFACE_TYPE_DEFINITION:
      return { name: def.name.value, kind: 'interface', ...described(def), fields: fieldsOf(def) };
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
      return { name: def.name.value, kind: 'input', ...described(def), fields: fieldsOf(def) };
    case Kind.ENUM_TYPE_DEFINITION:
      return {
        name: def.name.value,
        kind: 'enum',
        ...described(def),
        values: (def.values ?? []).map((v) => v.name.value),
      };
    case Kind.UNION_TYPE_DEFINITION:
      return { name: def.name.value, kind: 'union', types: (def.types ?? []).map((t) => t.name.value) };
    case Kind.SCALAR_TYPE_DEFINITION:
      return { name: def.name.value, kind: 'scalar', ...described(def) };
    default:
      return undefined;
  }
}

/** The definitions of a text that is a GraphQL schema, or undefined when it is not one. */
export function graphqlSchema(text: string): Entry[] | undefined {
  if (!DEFINITION_LINE.test(text)) return undefined;
  try {
    const document = parse(text, { noLocation: true, maxTokens: MAX_TOKENS });
    const entries = document.definitions.flatMap((def): Entry[] => {
      const entry = entryOf(def);
      return entry === undefined ? [] : [entry];
    });
    return entries.length > 0 ? entries : undefined;
  } catch {
    return undefined;
  }
}
