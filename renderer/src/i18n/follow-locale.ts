// The screens follow the shop's locale and time zone settings: on start (the settings are read
// once) and on every settings change, so switching either in Settings re-renders everything at once.
import { shopLocaleOr } from '../../../shared/format';
import type { SettingsStore } from '../state/settings';
import { applyShopLocale, applyShopTimeZone } from './index';

function applyShopSettings(settings: SettingsStore | null): Promise<void> {
  const shop = settings?.getState().view?.settings.shop;
  applyShopTimeZone(shop?.timeZone ?? undefined);
  return applyShopLocale(shopLocaleOr(shop?.locale));
}

/**
 * Before the first render: reads the settings and the words of the shop's language, so a screen
 * never shows a key in their place. With no till, or when the settings have not come by the time
 * `giveUp` settles, the default language's words (followShopLocale switches when they come).
 */
export async function loadShopWords(settings: SettingsStore | null, giveUp: Promise<unknown>): Promise<void> {
  if (settings && !settings.getState().view) await Promise.race([settings.getState().load(), giveUp]);
  await applyShopSettings(settings);
}

export function followShopLocale(settings: SettingsStore): () => void {
  const apply = () => {
    if (settings.getState().view) void applyShopSettings(settings);
  };
  apply();
  if (!settings.getState().view) void settings.getState().load();
  return settings.subscribe(apply);
}
