/**
 * Principle: a value never starts a GitHub Actions workflow command, so a CI log that prints it runs
 * nothing. The runner acts on a line whose first non-blank characters are `::` (`::add-mask::`,
 * `::set-output`, `::error`, `::stop-commands::`) and on the legacy `##[` anywhere in a line.
 * Combined with `reveal` (no line break inside a value), a value never begins a line either. A
 * command this tool writes itself (an annotation) escapes its message and properties by the
 * runner's rules instead (`commandData`, `commandProperty`).
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

/**
 * The message of a workflow command (`::error title=…::MESSAGE`), by the runner's own rule for
 * command data: `%` → `%25`, CR → `%0D`, LF → `%0A`. The runner decodes them back, so a message may
 * span lines in the annotation while its command stays one line of the log.
 */
export function commandData(value: string): string {
  return value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/**
 * A property value of a workflow command (`title=VALUE`): the data escapes, and `:` → `%3A`, `,` →
 * `%2C`, which would otherwise end the value or the property list.
 */
export function commandProperty(value: string): string {
  return commandData(value).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
