// The shifts contract methods (shifts.*), served by the shift service.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ShiftService } from './service';

export function shiftsHandlers(service: ShiftService): HandlersOf<'shifts'> {
  return {
    'shifts.setup': () => service.setup(),
    'shifts.setBlindCount': ({ blind }) => service.setBlindCount(blind),
    'shifts.current': () => service.current(),
    'shifts.open': ({ float }) => service.open(float),
    'shifts.moveCash': (input) => service.moveCash(input),
    'shifts.close': ({ counted }) => service.close(counted),
    'shifts.history': ({ limit }) => service.history(limit),
  };
}
