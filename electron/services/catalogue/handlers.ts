// The catalogue's side of the contract.
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ProductCatalogue } from './store';

export function catalogueHandlers(catalogue: ProductCatalogue): HandlersOf<'catalogue'> {
  return {
    'catalogue.get': () => catalogue.all(),
  };
}
