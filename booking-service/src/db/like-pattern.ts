/**
 * An ILIKE pattern matching `text` anywhere: `%`, `_` and `\` typed into a search box are literal
 * characters, not wildcards.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
