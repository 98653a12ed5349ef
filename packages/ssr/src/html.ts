/**
 * Writing values into HTML that the server sends (ARCHITECTURE.md, pages rendered on the server):
 * page heads, link previews and sanitized HTML all escape through this one function.
 */

/** Every value goes into an attribute or text between tags: these five make it inert. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Descriptions in previews are cut here (what Discord and X show anyway). */
const DESCRIPTION_MAX = 200;

/** Text for a preview: one line (line breaks become spaces), cut at DESCRIPTION_MAX. */
export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}
