import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { plain } from '../core/escape/terminal.js';
import {
  configEnv,
  defaultSigningKeyPath,
  publicKeyInfo,
  TRUST_FILE,
  trustFilePath,
} from '../tape/publisher.js';
import { loadOrCreateSigningKey } from '../tape/signature.js';
import type { Command } from './command.js';
import { describeError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, settingsFrom } from './flags.js';
import { type SigningKeySetting, signingKeyFlag } from './shared-flags.js';

const KEY_FLAGS: readonly Flag<SigningKeySetting>[] = [signingKeyFlag('the key file to print (another key)')];

const USAGE = `Usage: fitness-report key [--signing-key FILE]

Prints the publisher key that signs your runs: its fingerprint (ed25519:<sha256 of the public key>)
and the public key (PEM). Creates the key (mode 0600) when it does not exist yet. The private key
never leaves this file; give the public key or the fingerprint to whoever checks your runs
(\`fitness-report verify --trust FILE|FINGERPRINT\`, or one line in their ${TRUST_FILE} file).

${flagHelp(KEY_FLAGS, {})}

${exitCodeHelp({ ok: 'the key was printed', finding: '(not used)' })}`;

export const keyCommand: Command = {
  name: 'key',
  usage: USAGE,
  flags: KEY_FLAGS,
  async run(argv, io) {
    const env = configEnv(io.env);
    const given = settingsFrom(
      KEY_FLAGS,
      collect(argv, KEY_FLAGS, { command: 'key', dashDash: false }).flags,
    );
    const path =
      given.signingKeyPath === undefined ? defaultSigningKeyPath(env) : resolve(io.cwd, given.signingKeyPath);
    const existed = existsSync(path);
    try {
      const info = publicKeyInfo(loadOrCreateSigningKey(path));
      io.out(`fingerprint ${info.fingerprint}`);
      io.out(`key file    ${path}${existed ? '' : ' (created now)'}`);
      io.out(`trust file  ${trustFilePath(env)}`);
      io.out(info.pem.trimEnd());
      return EXIT.ok;
    } catch (err) {
      io.err(`fitness-report key: ${plain(describeError(err))}`);
      return EXIT.usage;
    }
  },
};
