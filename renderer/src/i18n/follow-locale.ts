// The screens follow the shop's locale setting: on start (the settings are read once) and on
// every settings change, so switching the language in Settings re-renders everything at once.
import { shopLocaleOr } from '../../../shared/format';
import type { SettingsStore } from '../state/settings';
import { applyShopLocale } from './index';

export function followShopLocale(settings: SettingsStore): () => void {
  const apply = () => {
    const view = settings.getState().view;
    if (view) applyShopLocale(shopLocaleOr(view.settings.shop.locale));
  };
  apply();
  if (!settings.getState().view) void settings.getState().load();
  return settings.subscribe(apply);
}
