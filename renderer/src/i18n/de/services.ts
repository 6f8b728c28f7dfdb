import type * as en from '../en/services';
import type { Wording } from '../wording-type';
import { officeServices } from './services-office';
import { suppliesServices } from './services-supplies';
import { backupServices } from './services-backup';
import { shopServerServices } from './services-shop-server';
import { acrossTillsServices } from './services-across-tills';

export const services: Wording<typeof en.services> = {
  ...officeServices,
  ...suppliesServices,
  ...backupServices,
  ...shopServerServices,
  ...acrossTillsServices,
  payment: {
    notFound: 'Diese Kartenzahlung gibt es nicht.',
    notification: {
      CONNECTING: 'Verbindung zur Bank …',
      CONNECTION_MADE: 'Mit der Bank verbunden',
      APPROVED: 'Genehmigt',
      DECLINED: 'Von der Bank abgelehnt',
      INSERT_CARD: 'Kunde: Karte einstecken',
      CARD_ERROR: 'Karte konnte nicht gelesen werden',
      PROCESSING_ERROR: 'Verarbeitungsfehler am Kartenterminal',
      REMOVE_CARD: 'Kunde: Karte entnehmen',
      RETRYING: 'Neuer Versuch bei der Bank …',
      PRESENT_CARD: 'Kunde: Karte vorhalten',
      REPRESENT_CARD: 'Kunde: Karte erneut vorhalten',
      CARD_NOT_SUPPORTED: 'Karte wird nicht unterstützt',
      PRESENT_ONLY_ONE_CARD: 'Kunde: nur eine Karte vorhalten',
      PLEASE_WAIT: 'Karte wird gelesen …',
      BAD_SWIPE: 'Fehler beim Durchziehen: noch einmal versuchen',
      CARD_EXPIRED: 'Karte abgelaufen',
      DECLINED_BY_CARD: 'Von der Karte abgelehnt',
      PIN_ENTRY: 'Kunde: PIN eingeben',
      CASHBACK_AMOUNT_ENTRY: 'Kunde: wählt Bargeldauszahlung',
      PAPER_OUT: 'Kartenterminal hat kein Papier',
      UNSUPPORTED: 'Vom Kartenterminal nicht unterstützt',
      SIGNATURE_VERIFICATION: 'Unterschrift des Kunden prüfen',
      SIGNATURE_VERIFICATION_COMPLETED: 'Unterschrift geprüft',
      SIGNATURE_VERIFICATION_COULD_NOT_BE_COMPLETED: 'Unterschriftsprüfung konnte nicht abgeschlossen werden',
      SIGNATURE_VERIFICATION_TIMEOUT: 'Zeit für die Unterschriftsprüfung abgelaufen',
      TRANSACTION_FINISHED: 'Abgeschlossen',
      REPORT_STARTED: 'Bericht gestartet',
      REPORT_FINISHED: 'Bericht fertig',
    },
    result: {
      none: 'Kein Ergebnis',
      SUCCESSFUL: 'Bezahlt',
      TRANSACTION_UNSUCCESSFUL: 'Abgelehnt',
      CANCELLED: 'Abgebrochen',
      CANCELLED_BY_USER: 'Am Kartenterminal abgebrochen',
      VOID: 'Storniert: nicht bezahlt',
      FAILED_NOT_SUPPORTED: 'Vom Kartenterminal nicht unterstützt',
      FAILED_ERROR: 'Fehler am Kartenterminal: nicht bezahlt',
      TIMED_OUT: 'Zeit abgelaufen: nicht bezahlt',
    },
    message: {
      starting: 'Zahlung wird an das Kartenterminal gesendet …',
      waiting: 'Warte auf das Kartenterminal …',
      now: '{{now}}',
      cancelRefused:
        'Das Kartenterminal hat den Abbruch nicht angenommen: brechen Sie am Kartenterminal ab. {{now}}',
      signature:
        'Vergleichen Sie die Unterschrift auf dem gedruckten Beleg mit der Karte und nehmen Sie sie an oder lehnen Sie sie ab.',
      unknown:
        'Die Antwort des Kartendienstes ging verloren. Die Kasse sendet diese Zahlung nicht noch einmal. Sehen Sie auf dem Kartenterminal nach: Ist die Zahlung durchgegangen?',
      unknownBecause:
        '{{problem}} Die Kasse sendet diese Zahlung nicht noch einmal. Sehen Sie auf dem Kartenterminal nach: Ist die Zahlung durchgegangen?',
      notSent: 'Die Zahlung hat das Kartenterminal nicht erreicht. Es wurde nichts abgebucht.',
      askManager: 'Fragen Sie die Filialleitung.',
      resolvedPaid: 'Nach Prüfung am Kartenterminal als bezahlt erfasst.',
      resolvedNotPaid: 'Nach Prüfung am Kartenterminal als nicht bezahlt erfasst.',
      notPaid:
        '{{result}}. Es wurde nichts abgebucht: Karte noch einmal versuchen, bar kassieren oder den Verkauf abbrechen.',
      approved: 'Genehmigt: {{total}}.',
      approvedTip: 'Genehmigt: {{total}} (Trinkgeld {{tip}}).',
      approvedCashback: 'Genehmigt: {{total}} (Bargeldauszahlung {{cashback}} — bitte aushändigen).',
      approvedTipCashback:
        'Genehmigt: {{total}} (Trinkgeld {{tip}}, Bargeldauszahlung {{cashback}} — bitte aushändigen).',
      refunded: 'Erstattet: {{total}}.',
      refundedTip: 'Erstattet: {{total}} (Trinkgeld {{tip}}).',
      refundedCashback: 'Erstattet: {{total}} (Bargeldauszahlung {{cashback}} — bitte aushändigen).',
      refundedTipCashback:
        'Erstattet: {{total}} (Trinkgeld {{tip}}, Bargeldauszahlung {{cashback}} — bitte aushändigen).',
    },
    problem: {
      transactionLost: 'Der Kartendienst kennt diese Zahlung nicht mehr: Sehen Sie am Kartenterminal nach.',
      readsFailing:
        'Die Kasse konnte mehrere Minuten lang die Antworten des Kartendienstes zu dieser Zahlung nicht lesen: Sehen Sie am Kartenterminal nach.',
      stoppedWhileStarting:
        'Die Kasse wurde beendet, während sie diese Zahlung startete; das Kartenterminal hat sie vielleicht angenommen.',
      noClearStart:
        'Keine klare Antwort auf den Start: {{why}} Das Kartenterminal nimmt die Zahlung vielleicht gerade an.',
    },
  },
  bridge: {
    garbled:
      'Der Bildschirm der Kasse und ihre Dienste haben einander nicht verstanden. Versuchen Sie es noch einmal; wenn das öfter passiert, starten Sie Paydesk neu.',
    notConnected: 'Der Kassendienst ist nicht verbunden.',
    lost: 'Die Verbindung zum Kassendienst ist unterbrochen. Verbinde neu …',
  },
  cardService: {
    notPrepared: 'Die Anfrage an den Kartendienst konnte nicht vorbereitet werden.',
    timeout: 'Der Kartendienst hat nicht rechtzeitig geantwortet.',
    certificate: 'Das Sicherheitszertifikat des Kartendienstes wurde nicht akzeptiert.',
    unreachable: 'Der Kartendienst ist nicht erreichbar.',
    badCredentials: 'Der Kartendienst hat Benutzername oder Passwort abgelehnt.',
    notFound:
      'Der Kartendienst kennt dieses Terminal oder diese Zahlung nicht (es ist vielleicht ausgeschaltet).',
    busy: 'Das Kartenterminal ist beschäftigt oder hat die Anfrage abgelehnt.',
    rejected: 'Der Kartendienst hat die Anfrage als ungültig abgelehnt.',
    slowDown: 'Der Kartendienst bittet die Kasse, langsamer anzufragen.',
    internal: 'Beim Kartendienst ist ein interner Fehler aufgetreten ({{status}}).',
    unexpectedStatus: 'Der Kartendienst hat unerwartet geantwortet (Status {{status}}).',
    tooLarge:
      'Der Kartendienst hat eine viel zu große Antwort geschickt; die Kasse hat das Lesen abgebrochen. Wenn das öfter passiert, rufen Sie den Support des Kartendienstes an.',
    partial:
      'Die Antwort des Kartendienstes kam nicht rechtzeitig vollständig an. Wenn das öfter passiert, rufen Sie den Support des Kartendienstes an.',
    slipTooLong:
      'Der Kartendienst hat einen viel zu langen Kartenbeleg geschickt; die Kasse hat ihn nicht übernommen. Wenn das öfter passiert, rufen Sie den Support des Kartendienstes an.',
    reportUnreadable:
      'Die Kasse konnte den Bericht des Kartenterminals mehrere Minuten lang nicht lesen. Vielleicht wurde er am Kartenterminal gedruckt: Prüfen Sie das, bevor Sie ihn noch einmal abrufen.',
  },
  sale: {
    priceChanged:
      'Der Preis hat sich geändert: {{name}} kostet jetzt {{now}} (vorher {{was}}). Übernehmen Sie den neuen Preis oder nehmen Sie den Artikel aus dem Warenkorb.',
    pricesChanged:
      'Die Preise von {{names}} haben sich geändert. Übernehmen Sie die neuen Preise oder nehmen Sie diese Artikel aus dem Warenkorb.',
    needsSupervisor: 'Dieser Rabatt oder diese Preisänderung braucht die Schichtleitung oder Filialleitung.',
    cardOverDue: 'Es sind nur {{due}} offen; der Kartenbetrag darf nicht höher sein.',
    otherCurrency: 'Dieses Kartenterminal nimmt {{terminal}}; dieser Verkauf ist in {{sale}}.',
    nothingDue: 'Bei diesem Verkauf ist nichts mehr offen.',
    manualCardOverDue: 'Der Kartenbetrag darf nicht höher sein als der offene Betrag.',
    cardStarting: 'Eine Kartenzahlung dafür wird gerade gestartet: bitte warten.',
    cardRunning:
      'Für diesen Verkauf läuft noch eine Kartenzahlung: warten Sie darauf oder klären Sie sie zuerst.',
    already: {
      open: 'Dieser Verkauf ist bereits offen.',
      completed: 'Dieser Verkauf ist bereits abgeschlossen.',
      abandoned: 'Dieser Verkauf ist bereits abgebrochen.',
    },
    noLongerForSale:
      'Ein Artikel im Warenkorb wird nicht mehr verkauft: nehmen Sie ihn aus dem Warenkorb und versuchen Sie es erneut.',
    lineDiscountTooBig:
      'Der Rabatt auf {{name}} ({{discount}}) ist höher als der Preis der Position ({{cost}}): bitte verringern.',
    basketDiscountTooBig:
      'Der Rabatt auf den Warenkorb ({{discount}}) ist höher als der Warenkorb kostet ({{cost}}): bitte verringern.',
    keep: {
      cash: 'Bei diesem Verkauf wurde Bargeld genommen, und die Kasse kann eine Bar-Rückgabe noch nicht buchen; der Verkauf kann daher nicht abgebrochen werden: kassieren Sie den Rest und schließen Sie ihn ab.',
      manualCard:
        'Bei diesem Verkauf ist eine von Hand erfasste Kartenzahlung, die die Kasse nicht erstatten kann; der Verkauf kann daher nicht abgebrochen werden: kassieren Sie den Rest und schließen Sie ihn ab.',
      card: 'Bei diesem Verkauf wurde bereits Geld genommen: erstatten Sie es, statt den Verkauf abzubrechen.',
    },
  },
  cardRefund: {
    notSuccessful: 'Nur ein erfolgreicher Kartenverkauf kann erstattet werden.',
    atMost: 'Auf diese Zahlung können höchstens noch {{left}} erstattet werden.',
    otherCurrency: 'Dieses Kartenterminal nimmt {{terminal}}; der Verkauf war in {{sale}}.',
  },
  receipt: {
    notPaid: 'Dieser Verkauf ist noch nicht bezahlt: erst kassieren, dann den Beleg drucken.',
    printing: 'Beleg {{receipt}} wird gedruckt.',
    copy: 'Beleg {{receipt}} wird erneut gedruckt, als Kopie gekennzeichnet.',
    cancelled:
      'Beleg {{receipt}} wurde in der Druckwarteschlange abgebrochen: drucken Sie ihn unter Drucker erneut.',
    noneYet: 'An dieser Kasse wurde noch kein Verkauf abgeschlossen.',
  },
  park: {
    already: {
      open: 'Dieser Verkauf ist bereits offen: er kann nicht geparkt werden.',
      completed: 'Dieser Verkauf ist bereits abgeschlossen: er kann nicht geparkt werden.',
      abandoned: 'Dieser Verkauf ist bereits abgebrochen: er kann nicht geparkt werden.',
    },
    partPaid:
      'Bei diesem Verkauf wurden bereits {{paid}} genommen, daher kann er nicht geparkt werden: kassieren Sie den Rest und schließen Sie ihn ab, oder erstatten Sie das Genommene.',
  },
  parked: {
    gone: 'Dieser geparkte Verkauf ist nicht mehr geparkt (er wurde wohl schon fortgesetzt): sehen Sie noch einmal in der Liste nach.',
  },
  noSale: {
    drawer: {
      opened: 'Kassenlade geöffnet. Die Öffnung ohne Verkauf ist mit Ihrem Namen und dem Grund erfasst.',
      no_drawer:
        'Die Öffnung ohne Verkauf ist erfasst, aber am Belegdrucker ist keine Kassenlade eingerichtet: öffnen Sie die Lade mit dem Schlüssel.',
      failed:
        'Die Öffnung ohne Verkauf ist erfasst, aber die Lade ließ sich über den Drucker nicht öffnen: öffnen Sie sie mit dem Schlüssel und sehen Sie nach dem Drucker.',
    },
  },
  staff: {
    nobodySignedIn:
      'An dieser Kasse ist niemand angemeldet: tippen Sie auf Ihren Namen und geben Sie Ihre PIN ein.',
    askApprover: {
      refund:
        'Eine Erstattung braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, sie mit der eigenen PIN freizugeben.',
      'z-report':
        'Ein Z- oder Tagesabschluss braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, ihn mit der eigenen PIN freizugeben.',
      override:
        'Diese Ausnahme braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, sie mit der eigenen PIN freizugeben.',
      'price-override':
        'Eine Preisänderung an der Kasse braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, sie mit der eigenen PIN freizugeben.',
      discount:
        'Ein so hoher Rabatt braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, ihn mit der eigenen PIN freizugeben.',
      'no-sale':
        'Die Kassenlade ohne Verkauf zu öffnen braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, es mit der eigenen PIN freizugeben.',
      'back-office':
        'Die Verwaltung braucht die Filialleitung: bitten Sie sie, es mit der eigenen PIN freizugeben.',
      settings:
        'Einstellungen zu ändern braucht die Filialleitung: bitten Sie sie, es mit der eigenen PIN freizugeben.',
      reconcile:
        'Der Abgleich der Kartenterminals mit der Kasse braucht die Filialleitung: bitten Sie sie, ihn mit der eigenen PIN freizugeben.',
      quit: 'Paydesk zu beenden braucht die Schichtleitung oder Filialleitung: bitten Sie jemanden, es mit der eigenen PIN freizugeben.',
    },
    noManagerYet: {
      refund:
        'Eine Erstattung braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      'z-report':
        'Ein Z- oder Tagesabschluss braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      override:
        'Diese Ausnahme braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      'price-override':
        'Eine Preisänderung an der Kasse braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      discount:
        'Ein so hoher Rabatt braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      'no-sale':
        'Die Kassenlade ohne Verkauf zu öffnen braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      'back-office':
        'Die Verwaltung braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      settings:
        'Einstellungen zu ändern braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      reconcile:
        'Der Abgleich der Kartenterminals mit der Kasse braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
      quit: 'Paydesk zu beenden braucht die Filialleitung, und diese Kasse hat noch keine: legen Sie die erste Filialleitung mit eigener PIN an.',
    },
    pinChangeNeedsManager: 'Die PIN der Filialleitung kann nur die Filialleitung ändern.',
    enterCurrentPin: 'Geben Sie Ihre aktuelle PIN ein, um sie zu ändern.',
    pinsLocked: 'PINs sind vorübergehend gesperrt.',
    currentPinWrong: 'Die aktuelle PIN ist falsch.',
    pinLocked: 'Zu viele falsche PINs. Versuchen Sie es in {{seconds}} s wieder.',
    noManager: 'Auf dieser Kasse ist noch keine Filialleitung eingerichtet.',
    wrongPin: {
      tries_one: 'Falsche PIN. Noch {{count}} Versuch, dann folgt eine Wartezeit.',
      tries_other: 'Falsche PIN. Noch {{count}} Versuche, dann folgt eine Wartezeit.',
      wait: 'Falsche PIN. Zu viele Fehlversuche: bitte {{seconds}} s warten.',
    },
    wrongPinFor: {
      tries_one: 'Falsche PIN für {{name}}. Noch {{count}} Versuch, dann folgt eine Wartezeit.',
      tries_other: 'Falsche PIN für {{name}}. Noch {{count}} Versuche, dann folgt eine Wartezeit.',
      wait: 'Falsche PIN für {{name}}. Zu viele Fehlversuche: bitte {{seconds}} s warten.',
    },
    wrongPinOf: {
      supervisor: {
        tries_one:
          'Falsche PIN: Es muss die PIN der Schichtleitung oder Filialleitung sein. Noch {{count}} Versuch, dann folgt eine Wartezeit.',
        tries_other:
          'Falsche PIN: Es muss die PIN der Schichtleitung oder Filialleitung sein. Noch {{count}} Versuche, dann folgt eine Wartezeit.',
        wait: 'Falsche PIN: Es muss die PIN der Schichtleitung oder Filialleitung sein. Zu viele Fehlversuche: bitte {{seconds}} s warten.',
      },
      manager: {
        tries_one:
          'Falsche PIN: Es muss die PIN der Filialleitung sein. Noch {{count}} Versuch, dann folgt eine Wartezeit.',
        tries_other:
          'Falsche PIN: Es muss die PIN der Filialleitung sein. Noch {{count}} Versuche, dann folgt eine Wartezeit.',
        wait: 'Falsche PIN: Es muss die PIN der Filialleitung sein. Zu viele Fehlversuche: bitte {{seconds}} s warten.',
      },
    },
    notApprover: {
      refund:
        '{{name}} ist {{role}}: Eine Erstattung braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      'z-report':
        '{{name}} ist {{role}}: Ein Z-Bericht oder Tagesabschluss braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      override:
        '{{name}} ist {{role}}: Diese Ausnahme braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      'price-override':
        '{{name}} ist {{role}}: Einen Preis an der Kasse zu ändern braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      discount:
        '{{name}} ist {{role}}: Ein so hoher Rabatt braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      'no-sale':
        '{{name}} ist {{role}}: Die Lade ohne Verkauf zu öffnen braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      'back-office':
        '{{name}} ist {{role}}: Die Verwaltung braucht die Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      settings:
        '{{name}} ist {{role}}: Einstellungen zu ändern braucht die Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      reconcile:
        '{{name}} ist {{role}}: Den Abgleich der Kartenterminals mit der Kasse braucht die Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      quit: '{{name}} ist {{role}}: Paydesk zu beenden braucht die Schichtleitung oder Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
      managerArea:
        '{{name}} ist {{role}}: Einstellungen und Verwaltung zu öffnen braucht die Filialleitung. Tippen Sie auf den Namen einer dieser Personen.',
    },
    role: { cashier: 'Kassierer/in', supervisor: 'Schichtleitung', manager: 'Filialleitung' },
  },
  refund: {
    notCompleted: 'Nur ein abgeschlossener Verkauf kann über seinen Beleg erstattet werden.',
    nothingPaid: 'Für diese Positionen wurde nichts bezahlt, es gibt nichts zu erstatten.',
    cardOverTotal: 'Der Kartenanteil kann nicht höher sein als die Erstattung, {{total}}.',
    lineTwice: 'Wählen Sie jede Position des Belegs nur einmal.',
    fullyRefunded: '{{name}} wurde bereits vollständig erstattet.',
    onlyLeft: 'Von {{name}} können nur noch {{left}} erstattet werden.',
    chooseCard: 'Wählen Sie für den Kartenanteil die Kartenzahlung und das Kartenterminal.',
    notThisSale: 'Diese Kartenzahlung gehört nicht zu diesem Verkauf: wählen Sie eine von seinem Beleg.',
    cardLeft: 'Höchstens {{left}} können noch auf diese Karte zurück: den Rest bar geben.',
    cardNothingLeft: 'Auf diese Karte kann nichts mehr zurück: bar erstatten.',
  },
  history: {
    stillOpen: 'Dieser Verkauf ist noch offen: schließen Sie ihn unter Verkaufen ab.',
    noReceipt: 'Nur ein abgeschlossener Verkauf hat einen Beleg zum erneuten Drucken.',
  },
};
