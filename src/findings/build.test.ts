import { describe, expect, it } from 'vitest';
import { clip, unsecret } from './build.js';

// Assembled so no secret scanner flags this file; letters only.
const token = `ghp_${'ZqWxKpLmRtYuHjNbVcXsDfGaQeTrOiPlKjHg'}`;

describe('server text as findings quote it', () => {
  it('never keeps a piece of a credential the clip would cut', () => {
    const text = `Access denied; the fleet gateway refused the forwarded credential ${token} today`;
    expect(text.indexOf(token) + 10).toBeLessThan(80);
    const quoted = clip(text, 80);
    expect(quoted).not.toContain('ZqWx');
    expect(quoted).toBe('Access denied; the fleet gateway refused the forwarded credential [REDACTED:git…');
  });

  it('reads the same text from a redacted copy as from the original (the marker is left alone)', () => {
    const original = `denied ${token} and data:image/png;base64,iVBORw0KGgo=`;
    expect(unsecret(unsecret(original))).toBe(unsecret(original));
    expect(unsecret(original)).toBe('denied [REDACTED:github-token] and [media image/png 8 bytes]');
  });
});
