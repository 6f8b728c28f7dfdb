// The services' clock: the shared Clock, with timers that never hold the process open alone.
import { realClock, type Clock } from '../../../shared/clock';

export { sleepOn, type Clock, type TimerHandle } from '../../../shared/clock';

export const systemClock: Clock = realClock({ holdsProcess: false });
