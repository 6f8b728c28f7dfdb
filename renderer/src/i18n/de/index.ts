// The German catalogue: typed by the English one, so a missing key does not compile.
import type { Catalogue } from '../en';
import type { Wording } from '../wording-type';
import { amount, common, errors, shell, signIn, status } from './shell';
import { services } from './services';
import { settings } from './settings';
import { printerSettings } from './printer-settings';
import { reports, terminals } from './screens';
import { supplies } from './supplies';
import { backOffice } from './back-office';
import { sell } from './sell';
import { printer } from './printer';
import { merchant } from './merchant';
import { reconciliation } from './reconciliation';
import { approval } from './approval';
import { history } from './history';
import { counter } from './counter';
import { shopDay } from './shop-day';
import { audit } from './audit';
import { backup } from './backup';
import { shopServer } from './shop-server';

export const de: Wording<Catalogue> = {
  common,
  errors,
  amount,
  shell,
  status,
  signIn,
  settings,
  printerSettings,
  terminals,
  reports,
  supplies,
  backOffice,
  sell,
  printer,
  merchant,
  reconciliation,
  approval,
  services,
  history,
  counter,
  shopDay,
  audit,
  backup,
  shopServer,
};
