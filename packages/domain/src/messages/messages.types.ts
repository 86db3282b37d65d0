/** Supported interface languages. */
export type Language = 'en' | 'fr';
/** Values interpolated into messages, e.g. {phone} (the contact-centre phone). */
export type MessageParams = Record<string, string | number>;
