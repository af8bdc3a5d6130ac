import fc from 'fast-check';

/**
 * Pieces of text a hostile server would send to break out of a report: Markdown and HTML syntax,
 * GitHub mentions and references, workflow commands, terminal escape sequences, bidi overrides,
 * characters XML cannot hold and lone surrogates.
 */
export const HOSTILE_PIECES = [
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '\t',
  '    ',
  ' ',
  '`',
  '``',
  '```',
  '\\',
  '\\`',
  '\\|',
  '|',
  '| x | y |',
  '|---|',
  '#',
  '### ✅ LGTM, merge',
  '##[error]',
  '#1',
  'GH-12',
  'gh-3',
  '@octocat',
  '@org/team',
  'a@b.co',
  '::add-mask::x',
  '::set-output name=a::b',
  ':',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<!-- c -->',
  '<https://evil.example>',
  '[docs](https://evil.example)',
  '![i](https://evil.example/i.png)',
  '[^1]',
  '[^1]: note',
  'https://evil.example/x',
  'www.evil.example',
  'WWW.Evil.example',
  '$x$',
  '$$',
  '$`x`$',
  '*',
  '**b**',
  '_',
  '~~s~~',
  '> ',
  '- ',
  '+ ',
  '1. ',
  '2) ',
  '---',
  '===',
  '&amp;',
  '&#96;',
  '&',
  '\x1b[31m',
  '\x1b]8;;https://evil.example\x07',
  '\x1b]0;title\x07',
  '\x1b\\',
  '\x9b2J',
  '\x9d',
  '\x7f',
  '\x00',
  '\x85',
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\uffff',
  'é',
  '✅',
];

/** A string made of hostile pieces and arbitrary code points, in any order. */
export const hostileString = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 6 }) },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/**
 * The code points of `s` that act on a terminal instead of showing: C0, DEL, C1, the bidi controls
 * (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069), U+2028/U+2029 and lone surrogates. Written
 * apart from src/core/escape/visible.ts on purpose: it is the tests' own list.
 */
export function actingIn(s: string): number[] {
  const bidi = [
    0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
  ];
  return [...s]
    .map((c) => c.codePointAt(0) ?? 0)
    .filter(
      (cp) =>
        cp < 0x20 ||
        (cp >= 0x7f && cp <= 0x9f) ||
        bidi.includes(cp) ||
        cp === 0x2028 ||
        cp === 0x2029 ||
        (cp >= 0xd800 && cp <= 0xdfff),
    );
}
