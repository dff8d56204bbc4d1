/** An ILIKE pattern for "contains": `%` and `_` in the search are literal characters, not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
