import { describe, expect, it } from 'vitest';
import { clientAnswer, isServerRequest } from './client-answer.js';

const modern = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
};
const legacy = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('clientAnswer: what the session client answers a server request with', () => {
  it('legacy: ping gets an empty result, roots/list and the rest method-not-found', () => {
    expect(clientAnswer({ id: 'a', method: 'ping' }, legacy)).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: {},
    });
    expect(clientAnswer({ id: 7, method: 'roots/list' }, legacy)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'Method not found' },
    });
    expect(clientAnswer({ id: 7, method: 'roots/list' }, undefined)).toMatchObject({
      error: { code: -32601 },
    });
  });

  it('modern: nothing, asked under a request carrying the 2026-07-28 envelope', () => {
    expect(clientAnswer({ id: 'a', method: 'ping' }, modern)).toBeUndefined();
    expect(clientAnswer({ id: 'a', method: 'roots/list' }, modern)).toBeUndefined();
  });

  it('a server request needs a method and a string or number id', () => {
    expect(isServerRequest({ id: 1, method: 'ping' })).toBe(true);
    expect(isServerRequest({ id: null, method: 'ping' })).toBe(false);
    expect(isServerRequest({ method: 'notifications/message' })).toBe(false);
    expect(isServerRequest({ id: 1, result: {} })).toBe(false);
  });
});
