// Refunds across tills: the words the services send by key, the very English of shared/across-tills-words.ts.
import { ACROSS_TILLS_WORDS } from '../../../../shared/across-tills-words';

export const acrossTillsServices = { acrossTills: ACROSS_TILLS_WORDS };
