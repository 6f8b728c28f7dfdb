// Both catalogues at once, for the checks that compare them (tests/unit/i18n). The till itself
// reads a language's catalogue only when the shop speaks it (index.ts).
import { de } from './de';
import { en } from './en';

export const catalogues = { en, de } as const;
