/**
 * The visible text of some HTML: scripts and styles dropped, tags stripped, common entities undone,
 * whitespace collapsed. Shared by the server (alt texts, "does this post say anything") and the web
 * app (excerpts, share summaries, search), so both read a text the same way. Not a sanitizer.
 */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text as HTML that shows it as it is (what DOMPurify writes for a text node): no parsing needed. */
export function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}
