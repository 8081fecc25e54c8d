/** An ILIKE pattern for text containing `text` literally: its %, _ and \ are not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
