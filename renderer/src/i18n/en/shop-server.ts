// The shop server's section in Settings: where this till sends its sales (a PostgreSQL the shop
// runs) and who this till is there. The top bar's pill is worded by the services (services.shopServer).
import { SHOP_SERVER_ADDRESS_PROBLEMS } from '../../../../shared/shop-server-words';

export const shopServer = {
  intro:
    'A shop with several tills keeps them together on a shop server: each till sends its sales there and keeps selling when it is away. Leave it off on a till that works alone.',
  enabled: 'Send this till’s sales to a shop server',
  enabledHint: 'Off: this till works alone, as before.',
  address: 'Shop server address',
  addressHint: 'As whoever set up the shop server gave it, for example postgres://192.168.1.10:5432/paydesk.',
  addressProblem: SHOP_SERVER_ADDRESS_PROBLEMS,
  addressNeeded: 'Enter the shop server’s address.',
  tillNumber: 'This till’s number',
  tillNumberHint: 'Receipts and Z reports carry it, for example 2-000123.',
  tillNumberNeeded: 'Enter this till’s number.',
  tillNumberBad: 'A till number is a whole number from 1 to 999.',
  tillName: 'This till’s name',
  tillNameHint: 'What the shop calls it, for example Bar.',
  login: 'This till’s login',
  loginHint: 'Given with the till’s password when the till was added to the shop server.',
  loginNeeded: 'Enter this till’s login.',
  loginBad: 'A login is 1 to 63 letters, digits, _ . @ or -.',
  tls: 'Encryption',
  tlsPrefer: 'When the server offers it',
  tlsVerify: 'Always, with a trusted certificate',
  tlsHint:
    'Choose “Always” when the shop server has a certificate this computer trusts; the till then refuses any other.',
  password: 'Password',
  signInTitle: 'This till’s password',
  keptInKeychain:
    'Kept in this computer’s keychain. Once saved it is never shown again: replace it or forget it.',
  fixFirst: 'Not saved: correct the fields marked above.',
  saved: 'Shop server settings saved.',
  savedOff: 'Saved. This till now works alone.',
  test: 'Test connection',
  testing: 'Testing…',
  testLabel: 'Test connection: shop server',
  saveFirst: 'Save first: the test uses the saved settings.',
  turnOnFirst: 'Turn the shop server on and save to test it.',
};
