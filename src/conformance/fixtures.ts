/**
 * Checks of `@modelcontextprotocol/conformance` (0.1.x server scenarios) that exercise the suite's
 * own reference fixtures: a tool, prompt or resource that only its reference server implements.
 * On any other server such a check fails (or passes vacuously, as `tools-call-error` does when the
 * unknown tool's error is itself an error result) without saying anything about that server, so it
 * counts as not applicable unless the server lists the fixture. Read from the suite's source
 * (each scenario names the fixture it calls); a check id not listed here needs no fixture.
 */
export interface Fixture {
  kind: 'tool' | 'prompt' | 'resource' | 'resource template';
  name: string;
}

const tool = (name: string): Fixture => ({ kind: 'tool', name });
const prompt = (name: string): Fixture => ({ kind: 'prompt', name });
const resource = (name: string): Fixture => ({ kind: 'resource', name });

const EXACT: Readonly<Record<string, Fixture>> = {
  'tools-call-simple-text': tool('test_simple_text'),
  'tools-call-image': tool('test_image_content'),
  'tools-call-audio': tool('test_audio_content'),
  'tools-call-embedded-resource': tool('test_embedded_resource'),
  'tools-call-mixed-content': tool('test_multiple_content_types'),
  'tools-call-with-logging': tool('test_tool_with_logging'),
  'tools-call-error': tool('test_error_handling'),
  'tools-call-with-progress': tool('test_tool_with_progress'),
  'tools-call-sampling': tool('test_sampling'),
  'tools-call-elicitation': tool('test_elicitation'),
  'server-sse-test-reconnection-tool': tool('test_reconnection'),
  'completion-complete': prompt('test_prompt_with_arguments'),
  'prompts-get-simple': prompt('test_simple_prompt'),
  'prompts-get-with-args': prompt('test_prompt_with_arguments'),
  'prompts-get-embedded-resource': prompt('test_prompt_with_embedded_resource'),
  'prompts-get-with-image': prompt('test_prompt_with_image'),
  'resources-read-text': resource('test://static-text'),
  'resources-read-binary': resource('test://static-binary'),
  'resources-subscribe': resource('test://watched-resource'),
  'resources-unsubscribe': resource('test://watched-resource'),
  'resources-templates-read': { kind: 'resource template', name: 'test://template/{id}/data' },
};

/** Check-id prefixes whose every check calls one fixture tool. */
const PREFIXES: readonly (readonly [string, Fixture])[] = [
  ['json-schema-2020-12-', tool('json_schema_2020_12_tool')],
  ['elicitation-sep1034-', tool('test_elicitation_sep1034_defaults')],
  ['elicitation-sep1330-', tool('test_elicitation_sep1330_enums')],
  ['server-sse-polling-', tool('test_reconnection')],
];

export function fixtureOf(checkId: string): Fixture | undefined {
  return EXACT[checkId] ?? PREFIXES.find(([prefix]) => checkId.startsWith(prefix))?.[1];
}

export function describeFixture(f: Fixture): string {
  return `${f.kind} ${f.name}`;
}
