/** The `data` payloads of a text/event-stream body (events joined by blank lines; comments ignored). */
export function sseDataEvents(text: string): string[] {
  const events: string[] = [];
  let data: string[] = [];
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    if (rawLine === '') {
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
      continue;
    }
    if (rawLine.startsWith(':')) continue;
    const colon = rawLine.indexOf(':');
    const field = colon === -1 ? rawLine : rawLine.slice(0, colon);
    let value = colon === -1 ? '' : rawLine.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  }
  if (data.length > 0) events.push(data.join('\n'));
  return events;
}
