import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { FitnessError, messageOf } from '../core/errors.js';
import { type Tape, TapeBuilder } from './lines.js';

/**
 * The Node reader: a tape file read as a stream of lines. How a line is read (its class, its schema,
 * what is skipped) is lines.ts, which the replay viewer bundles too; its names are re-exported here
 * for the Node side.
 */
export { parseTape, type Tape, type TapeRecord } from './lines.js';

/** Reads a tape file as a stream of lines, so a file larger than one string can hold is still read. */
export async function readTape(path: string): Promise<Tape> {
  const builder = new TapeBuilder(path);
  const decoder = new StringDecoder('utf8');
  // The pieces of a line still waiting for its newline: joined once, so a 100 MB line costs one copy.
  let pending: string[] = [];
  const take = (text: string) => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      pending.push(text.slice(start, nl));
      builder.push(pending.length === 1 ? (pending[0] ?? '') : pending.join(''));
      pending = [];
      start = nl + 1;
    }
    if (start < text.length) pending.push(text.slice(start));
  };
  try {
    // No encoding is given, so the stream yields Buffers (its iterator is typed `any`).
    const chunks: AsyncIterable<Buffer> = createReadStream(path);
    for await (const chunk of chunks) take(decoder.write(chunk));
  } catch (err) {
    throw new FitnessError('TAPE_READ_FAILED', `${path}: cannot read tape (${messageOf(err)})`);
  }
  take(decoder.end());
  if (pending.length > 0) builder.push(pending.join(''), false);
  return builder.finish();
}
