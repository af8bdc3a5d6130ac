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
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';

const USAGE = `Usage: fitness-report key [--signing-key FILE]

Prints the publisher key that signs your runs: its fingerprint (ed25519:<sha256 of the public key>)
and the public key (PEM). Creates the key (mode 0600) when it does not exist yet. The private key
never leaves this file; give the public key or the fingerprint to whoever checks your runs
(\`fitness-report verify --trust FILE|FINGERPRINT\`, or one line in their ${TRUST_FILE} file).

  --signing-key FILE   another key file (default $XDG_CONFIG_HOME/fitness-report/signing-key.pem,
                       else ~/.config/fitness-report/signing-key.pem)

${exitCodeHelp({ ok: 'the key was printed', finding: '(not used)' })}`;

export const keyCommand: Command = {
  name: 'key',
  usage: USAGE,
  async run(argv, io) {
    const env = configEnv(io.env);
    let path = defaultSigningKeyPath(env);
    for (let i = 0; i < argv.length; i++) {
      const flag = argv[i];
      const value = argv[i + 1];
      if (flag !== '--signing-key') throw new UsageError(`unknown option '${flag}' (try key --help)`);
      if (value === undefined) throw new UsageError('--signing-key needs a value');
      path = resolve(io.cwd, value);
      i++;
    }
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
