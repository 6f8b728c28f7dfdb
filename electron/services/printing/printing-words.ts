// Staff words the print services share: a job's state in a sentence, and a printer that is not set
// up (any more). Never the printer's or the job's id: those stay in the log.
import { TillError, type NestedWord } from '../../../shared/contract/errors';
import type { JobState } from './spool-store';

export const STATE_WORDS: Record<JobState, string> = {
  queued: 'waiting to print',
  sending: 'being sent',
  printed: 'printed',
  held: 'held',
  uncertain: 'uncertain',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** A job's state as a nested word (`services.printing.jobState.<state>`). */
export const stateWord = (state: JobState): NestedWord => ({
  key: `printing.jobState.${state}`,
  english: STATE_WORDS[state],
});

/** A print asked of a printer the settings no longer have. */
export const printerGone = (): TillError =>
  new TillError('not_found', 'That printer is no longer set up. A manager can choose one in Settings.', {
    words: { key: 'printing.printerGone' },
  });
