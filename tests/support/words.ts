// The renderer reads a language's words when the shop first speaks it (renderer/src/i18n). Code
// that checks the screens' words in plain Node (unit tests, the e2e steps' expected words) imports
// this first: both catalogues are put in at once, as they are read, and the screens speak English,
// as a till does before its settings say more. Synchronous, so words taken at import are words.
import { applyShopLocale, i18n } from '../../renderer/src/i18n';
import { catalogues } from '../../renderer/src/i18n/catalogues';

for (const [language, words] of Object.entries(catalogues)) {
  i18n.addWords(language, words);
}
// The words are there, so the switch is done before this returns.
void applyShopLocale('en-GB');
