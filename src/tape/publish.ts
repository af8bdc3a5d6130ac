import { readFile, writeFile } from 'node:fs/promises';
import { FitnessError, messageOf } from '../core/errors.js';
import { redactTapeText } from './redact.js';

/**
 * Writes the published copy of a tape with every known secret exact-match scrubbed (provided header
 * values, env values, URL userinfo). The recorded original is never modified; the copy must not exist.
 */
export async function publishTape(
  source: string,
  destination: string,
  secrets: Iterable<string>,
): Promise<void> {
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (err) {
    throw new FitnessError('TAPE_READ_FAILED', `${source}: cannot read tape (${messageOf(err)})`);
  }
  try {
    await writeFile(destination, redactTapeText(text, secrets), { flag: 'wx' });
  } catch (err) {
    throw new FitnessError(
      'TAPE_PUBLISH_FAILED',
      `${destination}: cannot write the published tape (${messageOf(err)})`,
    );
  }
}
