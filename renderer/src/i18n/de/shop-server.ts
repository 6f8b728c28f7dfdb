import type * as en from '../en/shop-server';
import type { Wording } from '../wording-type';

export const shopServer: Wording<typeof en.shopServer> = {
  intro:
    'Ein Geschäft mit mehreren Kassen verbindet sie über einen Filialserver: jede Kasse sendet ihre Verkäufe dorthin und verkauft weiter, wenn er nicht erreichbar ist. Auf einer Kasse, die allein arbeitet, bleibt er aus.',
  enabled: 'Verkäufe dieser Kasse an einen Filialserver senden',
  enabledHint: 'Aus: diese Kasse arbeitet allein, wie bisher.',
  address: 'Adresse des Filialservers',
  addressHint:
    'So, wie sie die Betreuung des Filialservers angegeben hat, zum Beispiel postgres://192.168.1.10:5432/paydesk.',
  addressProblem: {
    notAnAddress:
      'Das ist keine Adresse eines Filialservers (erwartet wird etwa postgres://192.168.1.10:5432/paydesk).',
    notPostgres:
      'Die Adresse eines Filialservers beginnt mit postgres:// (zum Beispiel postgres://192.168.1.10:5432/paydesk).',
    hasLogin:
      'Die Adresse darf keinen Anmeldenamen und kein Passwort enthalten: dafür gibt es eigene Felder.',
    noHost: 'Die Adresse braucht den Computernamen oder die IP-Adresse des Filialservers.',
    hasQuery: 'Die Adresse darf keine Abfrage (?…) und keinen Anker (#…) enthalten.',
    noDatabase: 'Die Adresse muss mit dem Namen der Datenbank enden (zum Beispiel …:5432/paydesk).',
  },
  addressNeeded: 'Geben Sie die Adresse des Filialservers ein.',
  tillNumber: 'Nummer dieser Kasse',
  tillNumberHint: 'Belege und Z-Berichte tragen sie, zum Beispiel 2-000123.',
  tillNumberNeeded: 'Geben Sie die Nummer dieser Kasse ein.',
  tillNumberBad: 'Eine Kassennummer ist eine ganze Zahl von 1 bis 999.',
  tillName: 'Name dieser Kasse',
  tillNameHint: 'Wie das Geschäft sie nennt, zum Beispiel Bar.',
  login: 'Anmeldename dieser Kasse',
  loginHint: 'Wurde mit dem Passwort der Kasse genannt, als die Kasse zum Filialserver hinzugefügt wurde.',
  loginNeeded: 'Geben Sie den Anmeldenamen dieser Kasse ein.',
  loginBad: 'Ein Anmeldename besteht aus 1 bis 63 Buchstaben, Ziffern, _ . @ oder -.',
  tls: 'Verschlüsselung',
  tlsPrefer: 'Wenn der Server sie anbietet',
  tlsVerify: 'Immer, mit vertrauenswürdigem Zertifikat',
  tlsHint:
    'Wählen Sie „Immer“, wenn der Filialserver ein Zertifikat hat, dem dieser Computer vertraut; die Kasse lehnt dann jedes andere ab.',
  password: 'Passwort',
  signInTitle: 'Passwort dieser Kasse',
  keptInKeychain:
    'Wird im Schlüsselbund dieses Computers aufbewahrt. Einmal gespeichert, wird es nie wieder angezeigt: ersetzen oder vergessen.',
  fixFirst: 'Nicht gespeichert: korrigieren Sie die oben markierten Felder.',
  saved: 'Einstellungen des Filialservers gespeichert.',
  savedOff: 'Gespeichert. Diese Kasse arbeitet jetzt allein.',
  test: 'Verbindung testen',
  testing: 'Wird getestet …',
  testLabel: 'Verbindung testen: Filialserver',
  saveFirst: 'Zuerst speichern: der Test verwendet die gespeicherten Einstellungen.',
  turnOnFirst: 'Schalten Sie den Filialserver ein und speichern Sie, um ihn zu testen.',
};
