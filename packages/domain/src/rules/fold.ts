/** Text as compared by searches and lookups: accents dropped, lower case (French and English alike). */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
