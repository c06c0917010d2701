/** `%`, `_` and `\` match themselves in a LIKE pattern built from user input. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
