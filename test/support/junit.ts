import { parse, type TestSuites } from 'junit2json';
import { SaxesParser } from 'saxes';

/** One element as a strict XML parser read it: its attributes, its text and its child elements. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/**
 * The document's root element, read by saxes, which checks the characters XML 1.0 may hold (a
 * control character or a lone surrogate is an error) and the markup; the JUnit reader below (xml2js
 * on sax) does not, and it reads numeric-looking values as numbers, so exact text is checked here.
 */
export function readXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, text: '', children: [] };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (failure) throw failure;
  if (root === undefined) throw new Error('no root element');
  return root;
}

/** A JUnit report as a CI system reads it: strict XML 1.0 first, then junit2json's reading of the JUnit shape. */
export async function readJunit(xml: string): Promise<TestSuites> {
  readXml(xml);
  const report = await parse(xml);
  if (report === null || report === undefined || !('testsuite' in report) || report.testsuite === undefined)
    throw new Error('not a <testsuites> report');
  return report;
}
