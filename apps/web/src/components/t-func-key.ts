import type { ParseKeys } from 'i18next';

/** Any key of the interface texts (en.ts). */
export type TFuncKey = ParseKeys<'translation'>;
