// The screens follow the shop's locale and time zone settings: on start (the settings are read
// once) and on every settings change, so switching either in Settings re-renders everything at once.
import { shopLocaleOr } from '../../../shared/format';
import type { SettingsStore } from '../state/settings';
import { applyShopLocale, applyShopTimeZone } from './index';

export function followShopLocale(settings: SettingsStore): () => void {
  const apply = () => {
    const view = settings.getState().view;
    if (!view) return;
    applyShopTimeZone(view.settings.shop.timeZone ?? undefined);
    applyShopLocale(shopLocaleOr(view.settings.shop.locale));
  };
  apply();
  if (!settings.getState().view) void settings.getState().load();
  return settings.subscribe(apply);
}
