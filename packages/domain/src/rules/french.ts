// French elides 'le' and 'de' before a vowel or a mute h: 'l’épargne', 'd’omo'.
export const FRENCH_ELIDES = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i;

/** 'de' before a French name, elided before a vowel: "d’omo Credit Union", "de Maple Credit Union". */
export function frenchOf(name: string): string {
  return FRENCH_ELIDES.test(name.trim()) ? `d’${name.trim()}` : `de ${name.trim()}`;
}
