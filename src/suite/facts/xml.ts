import { SaxesParser } from 'saxes';

/**
 * XML documents (docs/design.md §5.2), read with a strict XML parser (saxes: well-formedness is
 * checked, no external entity is fetched, an entity the document defines itself is an error, so no
 * expansion can grow). A text is XML when, after at most a short line or two of prose ("Graph xml
 * representation:"), the rest of it is one well-formed document; the prose is commentary.
 *
 * Each element becomes an object: its attributes are its fields, its child elements are fields
 * named by their tag (an array when the tag repeats, so repeated elements are siblings), its text a
 * `text` field; an element with only text is that text. Namespace declarations are left out (they
 * name a vocabulary, not the data). Markup is never a value.
 */

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string[];
}

/** Prose a document may follow: a label line or two, without markup. */
const LEAD = /^(?:[^<\n]{0,200}\n){0,2}[ \t]*(?=<[A-Za-z_?!])/;

/** The element tree, or undefined when the text is not one well-formed document within the caps. */
function parse(text: string, caps: { depth: number; nodes: number }): Element | undefined {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: Element[] = [];
  let root: Element | undefined;
  let nodes = 0;
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    nodes += 1;
    if (stack.length >= caps.depth || nodes > caps.nodes) failed = true;
    const element: Element = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: [] };
    stack.at(-1)?.children.push(element);
    if (stack.length === 0) root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (t) => stack.at(-1)?.text.push(t));
  parser.on('cdata', (t) => stack.at(-1)?.text.push(t));
  try {
    parser.write(text).close();
  } catch {
    return undefined;
  }
  return failed ? undefined : root;
}

function isNamespaceDeclaration(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/** One element as facts (the parse's depth cap bounds the recursion). */
function facts(element: Element): unknown {
  const text = element.text.join('').replace(/\s+/g, ' ').trim();
  const attributes = Object.entries(element.attributes).filter(([name]) => !isNamespaceDeclaration(name));
  if (attributes.length === 0 && element.children.length === 0) return text;
  const fields: Record<string, unknown> = Object.fromEntries(attributes);
  const groups = new Map<string, unknown[]>();
  for (const child of element.children) {
    const group = groups.get(child.name) ?? [];
    group.push(facts(child));
    groups.set(child.name, group);
  }
  for (const [name, values] of groups) {
    const field = name in fields ? `${name} element` : name;
    fields[field] = values.length === 1 ? values[0] : values;
  }
  if (text !== '') fields['text' in fields ? 'text content' : 'text'] = text;
  return fields;
}

/** The XML document a text is (after a short lead of prose), or undefined when it is not one. */
export function xmlDocument(text: string, caps: { depth: number; nodes: number }): unknown {
  const lead = LEAD.exec(text);
  if (lead === null) return undefined;
  const root = parse(text.slice(lead[0].length), caps);
  if (root === undefined) return undefined;
  return { [root.name]: facts(root) };
}
