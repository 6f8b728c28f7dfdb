// The till's own methods: what it runs as, its status bar, and quitting.
import type { AppInfo, TillStatus } from '../../../shared/contract';
import type { HandlersOf } from '../../../shared/contract/dispatch';
import { quitTill, type QuitRules } from './quit';

export function appHandlers(deps: {
  info: () => AppInfo;
  status: () => TillStatus;
  quitRules: QuitRules;
}): HandlersOf<'app' | 'status'> {
  return {
    'app.info': () => deps.info(),
    'status.get': () => deps.status(),
    'app.quit': () => quitTill(deps.quitRules),
  };
}
