// The renderer reads a language's words when the shop first speaks it (renderer/src/i18n). A test
// file that checks the screens' words in plain Node imports this: both catalogues are read before
// its first test runs, and the screens speak English, as a till does before its settings say more.
import { before } from 'node:test';
import { applyShopLocale, i18n } from '../../renderer/src/i18n';

before(async () => {
  await i18n.loadLanguages(['en', 'de']);
  await applyShopLocale('en-GB');
});
