import { describe, expect, it } from 'vitest';
import { SseDecoder } from './sse.js';

/** The `data` payloads of a whole text/event-stream body, through the incremental decoder. */
function sseDataEvents(text: string): string[] {
  const decoder = new SseDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

const TEXT =
  ': keepalive\r\n\r\nevent: message\r\nid: 1\r\ndata: {"a":\r\ndata: 1}\r\n\r\nretry: 10\n\ndata:{"b":2}\r\rdata\n\ndata: {"c":3}';

describe('sseDataEvents', () => {
  it('joins multi-line data, skips comments and other fields, handles CRLF, CR and a missing final blank line', () => {
    expect(sseDataEvents(TEXT)).toEqual(['{"a":\n1}', '{"b":2}', '', '{"c":3}']);
  });
});

describe('SseDecoder', () => {
  it('gives the same events whatever the chunking, each as soon as its blank line arrives', () => {
    for (const size of [1, 2, 3, 7, 64]) {
      const decoder = new SseDecoder();
      const events: string[] = [];
      for (let i = 0; i < TEXT.length; i += size) events.push(...decoder.push(TEXT.slice(i, i + size)));
      expect([...events, ...decoder.end()]).toEqual(sseDataEvents(TEXT));
    }
    const decoder = new SseDecoder();
    expect(decoder.push('data: {"x":1}\r')).toEqual([]);
    expect(decoder.push('\n\r')).toEqual([]);
    expect(decoder.push('\n')).toEqual(['{"x":1}']);
  });
});
