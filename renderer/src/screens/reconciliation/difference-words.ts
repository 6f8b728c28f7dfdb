// A difference's title and what to do next, in the shop's language: the services send each with
// its catalogue key and values (`titleWords`, `detailWords`, shown by `wordsText`); a check kept
// before they did shows its English.
import type { DifferenceView } from '../../../../shared/contract';
import { wordsText } from '../../i18n/words';

type Worded = Pick<DifferenceView, 'title' | 'titleWords' | 'detail' | 'detailWords'>;

export function differenceWords(d: Worded): { title: string; detail: string } {
  return { title: wordsText(d.titleWords, d.title), detail: wordsText(d.detailWords, d.detail) };
}
