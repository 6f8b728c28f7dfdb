// Was die Verbindung zum Filialserver über Schlüssel sendet (shared/shop-server-words.ts), auf Deutsch.
import type { SHOP_SERVER_WORDS } from '../../../../shared/shop-server-words';

export const shopServerServices: { shopServer: Record<keyof typeof SHOP_SERVER_WORDS, string> } = {
  shopServer: {
    connecting: 'Filialserver: verbindet',
    upToDate: 'Filialserver: aktuell',
    sending: 'Filialserver: sendet, {{count}} Verkäufe warten',
    sendingOne: 'Filialserver: sendet, 1 Verkauf wartet',
    sendingOther: 'Filialserver: sendet',
    offline: 'Filialserver: offline, {{count}} Verkäufe warten',
    offlineOne: 'Filialserver: offline, 1 Verkauf wartet',
    offlineNothing: 'Filialserver: offline',
    refused: 'Filialserver: nicht verbunden',
    heldOne: 'Filialserver: 1 Datensatz konnte nicht gesendet werden',
    held: 'Filialserver: {{count}} Datensätze konnten nicht gesendet werden',
    heldDetail:
      'Der Filialserver hat einen Datensatz dieser Kasse nicht angenommen. Er bleibt auf dieser Kasse, alles andere wird gesendet; bitten Sie die Betreuung des Filialservers um Hilfe.',
    unreachable:
      'Der Filialserver ist nicht erreichbar. Die Verkäufe bleiben auf dieser Kasse und werden gesendet, sobald er wieder da ist; dauert es an, das Netzwerk prüfen.',
    serverOutdated:
      'Der Filialserver muss aktualisiert werden: bitten Sie seine Betreuung, die Aktualisierung auszuführen.',
    tillOutdated:
      'Diese Kasse muss aktualisiert werden: der Filialserver ist neuer als diese Kasse. Bitten Sie die Betreuung der Kassen, sie zu aktualisieren.',
    noPassword:
      'Der Filialserver braucht das Passwort dieser Kasse: eine Filialleitung gibt es unter Einstellungen → Filialserver ein.',
    badLogin:
      'Der Filialserver hat die Anmeldung dieser Kasse abgelehnt: eine Filialleitung prüft Anmeldename und Passwort unter Einstellungen → Filialserver.',
    notATill:
      'Der Filialserver kennt diesen Anmeldenamen nicht als Kasse: bitten Sie seine Betreuung, diese Kasse hinzuzufügen.',
    wrongNumber:
      'Der Filialserver kennt diesen Anmeldenamen als Kasse {{server}}, diese Kasse ist aber als Kasse {{till}} eingerichtet: eine Filialleitung korrigiert die Kassennummer unter Einstellungen → Filialserver.',
    noDatabase:
      'Auf dem Filialserver gibt es keine Datenbank mit diesem Namen: eine Filialleitung prüft die Adresse unter Einstellungen → Filialserver.',
    noTls:
      'Der Filialserver bietet keine verschlüsselte Verbindung an, diese Kasse verlangt aber eine: bitten Sie seine Betreuung, TLS einzuschalten.',
    certificate:
      'Diesem Zertifikat des Filialservers vertraut dieser Computer nicht: fragen Sie die Betreuung des Filialservers.',
    notSetUp: 'Auf dieser Kasse ist kein Filialserver eingerichtet.',
    failed:
      'Der Filialserver hat nicht wie erwartet geantwortet. Die Verkäufe bleiben auf dieser Kasse; versuchen Sie es später noch einmal.',
    testOk: 'Mit dem Filialserver verbunden als Kasse {{number}} von {{shop}}.',
  },
};
