// Time as the renderer's stores read it: the shared Clock, injected so unit tests move it by hand.
import { realClock, type Clock } from '../../../shared/clock';

export type { Clock, TimerHandle } from '../../../shared/clock';

export const browserClock: Clock = realClock({ holdsProcess: true });
