import { describe, expect, it } from 'vitest';
import { sseDataEvents } from './sse.js';

describe('sseDataEvents', () => {
  it('joins multi-line data, skips comments and other fields, handles CRLF and a missing final blank line', () => {
    const text =
      ': keepalive\r\n\r\nevent: message\r\nid: 1\r\ndata: {"a":\r\ndata: 1}\r\n\r\nretry: 10\n\ndata:{"b":2}';
    expect(sseDataEvents(text)).toEqual(['{"a":\n1}', '{"b":2}']);
  });
});
