// The shop's time zone (shop.timeZone): the first start writes the computer's zone there, so the
// shop's days, hours and printed times stay where they were if the computer's zone changes later
// (or the till moves to a computer set to UTC). The manager changes it in Settings → Language.
import { machineTimeZone, shopDate } from '../../../shared/time-zone';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { SettingsStore } from '../storage/settings';

/** At start: a till that has no shop time zone yet takes the computer's. */
export function adoptMachineTimeZone(
  settings: SettingsStore,
  logger: Pick<Logger, 'info' | 'warn'>,
  machineZone: string = machineTimeZone(),
): void {
  if (settings.load().shop.timeZone !== null) return;
  try {
    settings.update({ shop: { timeZone: machineZone } });
    logger.info(`the shop's time zone is this computer's: ${machineZone}`);
  } catch (error) {
    // Until it can be saved, every date still uses the computer's zone: the same answer.
    logger.warn('the shop time zone could not be saved', error);
  }
}

/** The shop's calendar day now ("2026-11-22"). */
export function shopToday(settings: Pick<SettingsStore, 'load'>, clock: Pick<Clock, 'now'>): string {
  return shopDate(clock.now(), settings.load().shop.timeZone ?? undefined);
}
