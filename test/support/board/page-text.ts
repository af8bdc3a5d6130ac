/**
 * A rendered page as a reader sees its text: tags as spaces, the entities the pages escape with
 * (src/board/html.ts) read back, runs of white space as one. A field's mark is an inline span, so its
 * text reads as the sentence around it.
 */
export function pageText(page: string): string {
  return page
    .replace(/<span data-record-field="[^"]*">([^<]*)<\/span>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
