// Was Erstattungen über Kassen hinweg über Schlüssel senden (shared/across-tills-words.ts), auf Deutsch.
import type { ACROSS_TILLS_WORDS } from '../../../../shared/across-tills-words';

export const acrossTillsServices: { acrossTills: Record<keyof typeof ACROSS_TILLS_WORDS, string> } = {
  acrossTills: {
    otherTillOffline:
      'Dieser Verkauf wurde an einer anderen Kasse gemacht, und der Filialserver ist nicht erreichbar: erstatten Sie ihn, wenn der Filialserver wieder da ist, oder an der Kasse, an der er gemacht wurde.',
    sentOffline:
      'Dieser Verkauf ist schon auf dem Filialserver, der gerade nicht erreichbar ist: erstatten Sie ihn, wenn der Filialserver wieder da ist.',
    stillSending: 'Dieser Verkauf ist noch unterwegs zum Filialserver: versuchen Sie es gleich noch einmal.',
    totalLeft: 'Die Kassen der Filiale können auf diesen Verkauf zusammen nur noch {{left}} erstatten.',
    notFound: 'Dieser Verkauf ist weder an dieser Kasse noch auf dem Filialserver zu finden.',
  },
};
