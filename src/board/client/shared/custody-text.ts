import type { Verdict } from './custody.js';

/** What the badge says for a verdict, and its tone; nothing here claims more than the check found. */
export interface Badge {
  tone: 'ok' | 'warn' | 'bad';
  text: string;
}

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

export function badgeOf(v: Verdict): Badge {
  switch (v.state) {
    case 'verified':
      return {
        tone: 'ok',
        text: `verified in this browser: signed by ${v.keyid}, a key this site publishes in keys.json; ${files(v.files)} match${
          v.publisher ? `; a redacted copy of the signed original (redaction signed by ${v.publisher})` : ''
        }`,
      };
    case 'unpublished-key':
      return {
        tone: 'warn',
        text: `signed by ${v.keyid}, key not published by this site (${v.why}); the signature and ${files(v.files)} check out in this browser${
          v.publisher ? `, as a redacted copy signed by ${v.publisher}` : ''
        }`,
      };
    case 'tampered':
      return { tone: 'bad', text: `tampered: ${v.problems.join('; ')}` };
    case 'unsigned':
      return { tone: 'warn', text: `unsigned: ${v.reason}` };
    case 'cannot-check':
      return { tone: 'warn', text: `cannot check in this browser: ${v.reason}` };
  }
}

/** Shown until the check finishes: never a verdict. */
export const CHECKING = 'checking the signature in this browser…';
