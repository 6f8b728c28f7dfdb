// Shop server words the services send by key: the very English of shared/shop-server-words.ts.
import { SHOP_SERVER_WORDS } from '../../../../shared/shop-server-words';

export const shopServerServices = { shopServer: SHOP_SERVER_WORDS };
