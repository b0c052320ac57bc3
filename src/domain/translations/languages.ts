/** The spec's TranslationLanguage: the languages a translation, a space and a glossary term may be in. */
export const TRANSLATION_LANGUAGES: readonly string[] = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];

const LANGUAGES = new Set(TRANSLATION_LANGUAGES);

export const isLanguage = (value: string): boolean => LANGUAGES.has(value);
