/**
 * Principle: a value never starts a GitHub Actions workflow command, so a CI log that prints it runs
 * nothing. The runner acts on a line whose first non-blank characters are `::` (`::add-mask::`,
 * `::set-output`, `::error`, `::stop-commands::`) and on the legacy `##[` anywhere in a line.
 * Combined with `reveal` (no line break inside a value), a value never begins a line either.
 */

/**
 * The value with a backslash before it when it starts (after blanks) with `:`, and every `##[`
 * written `#\#[`. A leading single `:` is escaped too: a value `:` before the report's own `: ` would
 * otherwise make `::` at the start of a line.
 */
export function noCommand(value: string): string {
  const legacy = value.replaceAll('##[', '#\\#[');
  return /^\s*:/.test(legacy) ? `\\${legacy}` : legacy;
}
