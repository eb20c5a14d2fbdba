/** A typed number, or the text itself so the schema answers with its Indonesian message. */
export const numberOf = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);
