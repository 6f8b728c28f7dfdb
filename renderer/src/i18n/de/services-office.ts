import type * as en from '../en/services-office';
import type { Wording } from '../wording-type';

export const officeServices: Wording<typeof en.officeServices> = {
  shopData: {
    conflictGone: 'Diese Änderung wurde schon entschieden.',
  },
  audit: {
    daysReversed: 'Der erste Tag liegt nach dem letzten: bitte tauschen.',
    tooMany: 'Das sind mehr als {{max}} Einträge: weniger Tage wählen und in Teilen exportieren.',
  },
  shift: {
    alreadyOpen: 'An dieser Kasse ist schon eine Schicht offen: zuerst mit einer Zählung abschließen.',
    noteNeeded: 'Bitte in der Notiz angeben, wofür das Bargeld ist.',
    noneForCash: 'Erst eine Schicht öffnen, dann Bargeld einlegen oder entnehmen.',
    noneToCount: 'Es ist keine Schicht offen, also gibt es keine Kassenlade zu zählen.',
    notADenomination:
      '{{value}} ist kein Schein und keine Münze der Währung dieses Geschäfts: bitte neu zählen.',
  },
  tillReport: {
    shiftOpen:
      'Eine Schicht ist noch offen: Kassenlade zählen und die Schicht schließen, dann den Z-Bericht erstellen.',
    zNotRecorded:
      'Die Kasse konnte die nächste Z-Nummer nicht speichern, der Tag wurde nicht abgeschlossen. Bitte prüfen, ob die Festplatte Platz hat, dann erneut versuchen.',
    noZ: 'Auf dieser Kasse gibt es keinen Z-Bericht {{number}}.',
  },
  shopReport: {
    notSetUp: 'Auf dieser Kasse ist kein Filialserver eingerichtet.',
    noZ: 'Es gibt keinen Filial-Z-Bericht {{number}}.',
  },
  pin: {
    digits: 'Die PIN muss {{min}} bis {{max}} Ziffern haben.',
    tooEasy: 'Diese PIN ist zu leicht zu erraten (gleiche oder aufeinanderfolgende Ziffern).',
  },
  people: {
    hasManager: 'Diese Kasse hat schon eine Filialleitung.',
    notOnStaff: 'Diese Person gehört nicht zum Personal dieser Kasse.',
    sameName:
      '{{name}} gibt es schon im Personal: bitte einen Nachnamen oder eine Initiale ergänzen, damit man die beiden unterscheiden kann.',
    onlyManager: {
      role: '{{name}} ist die einzige Filialleitung und kann keine andere Rolle bekommen: zuerst eine weitere Filialleitung anlegen.',
      remove:
        '{{name}} ist die einzige Filialleitung und kann nicht entfernt werden: zuerst eine weitere Filialleitung anlegen.',
    },
    pinTaken: 'Diese PIN benutzt schon jemand anderes an dieser Kasse: bitte eine andere wählen.',
  },
  catalogue: {
    priceTooLarge: 'Damit würde ein Preis größer, als die Kasse annimmt. Es wurde nichts geändert.',
    sameCategoryName: 'Zwei Warengruppen haben denselben Namen: bitte jeder einen eigenen geben.',
    rateTwice: 'Derselbe Steuersatz steht zweimal in der Liste: bitte nur einmal behalten.',
    noCountryVat: 'Für dieses Land hat die Kasse keine MwSt.-Sätze.',
    rateInUse_one:
      '{{count}} Artikel nutzt noch einen entfernten Steuersatz ({{rates}}). Bitte zuerst auf einen anderen Satz umstellen (Artikel, auswählen, MwSt.-Satz ändern).',
    rateInUse_other:
      '{{count}} Artikel nutzen noch einen entfernten Steuersatz ({{rates}}). Bitte zuerst auf einen anderen Satz umstellen (Artikel, auswählen, MwSt.-Satz ändern).',
    unknownRate: 'MwSt. {{rate}} ist keiner der Steuersätze des Geschäfts: zuerst unter MwSt.-Sätze anlegen.',
    skuTaken: 'Die Artikelnummer {{sku}} hat schon {{name}}.',
    productGone: 'Dieser Artikel ist nicht mehr im Sortiment.',
    barcodeTaken: 'Der Barcode {{code}} ist schon bei {{name}}.',
  },
  catalogueImport: {
    uploadReplaced: 'Dieses Hochladen wurde durch ein neueres ersetzt: bitte die Datei erneut wählen.',
    tooLarge: 'Die Datei ist zu groß für einen Import (höchstens 30 MB): bitte aufteilen.',
    noLongerWaiting: 'Diese Datei wartet nicht mehr auf den Import: bitte erneut wählen.',
    previewStale: 'Diese Vorschau ist nicht mehr aktuell: bitte die Datei erneut wählen.',
    catalogueChanged:
      'Das Sortiment hat sich seit dieser Vorschau geändert. Bitte die Vorschau wiederholen; es wurde nichts importiert.',
    badRows_one:
      '{{count}} Zeile hat Fehler. Datei korrigieren und erneut importieren, oder nur die guten Zeilen importieren. Es wurde nichts importiert.',
    badRows_other:
      '{{count}} Zeilen haben Fehler. Datei korrigieren und erneut importieren, oder nur die guten Zeilen importieren. Es wurde nichts importiert.',
    empty: 'Die Datei enthält keine Artikel zum Importieren.',
    line: 'Zeile {{line}}: {{reasons}}.',
    row: {
      tooManyValues:
        'sie hat {{values}} Werte, die Kopfzeile aber {{columns}} Spalten (ein Wert mit „{{delimiter}}“ braucht Anführungszeichen)',
      noName: 'der Name ist leer',
      longName: 'der Name ist länger als 80 Zeichen',
      longSku: 'die Artikelnummer ist länger als 40 Zeichen',
      skuTwice: 'die Artikelnummer {{sku}} steht auch in Zeile {{other}}',
      longCategory: 'die Kategorie ist länger als 40 Zeichen',
      price: 'der Preis „{{text}}“ ist kein Betrag wie 3,40',
      vatRate: 'der MwSt.-Satz „{{text}}“ ist kein Prozentsatz wie 19 oder 7',
      unknownRate: 'MwSt. {{rate}} ist keiner der Steuersätze des Geschäfts ({{rates}})',
      barcodeChars: 'der Barcode „{{code}}“ enthält Zeichen, die ein Scanner nicht sendet',
      barcodeLong: 'der Barcode „{{code}}“ ist zu lang: ein Barcode hat höchstens {{most}} Zeichen',
      barcodeTwice: 'der Barcode {{code}} steht auch in Zeile {{other}}',
      barcodeRepeated: 'ein Barcode steht doppelt',
      barcodesMany: 'ein Artikel hat höchstens 20 Barcodes',
      colour: 'die Farbe „{{colour}}“ ist nicht wie #1f8a70 geschrieben',
      status: 'der Status „{{text}}“ ist weder active noch archived',
      barcodeTaken: 'der Barcode {{code}} ist schon bei {{name}} (Artikelnummer {{sku}})',
    },
    file: {
      unclosedQuote:
        'Ein Wert in Anführungszeichen ist nicht richtig geschlossen (ein " in einem Wert muss doppelt stehen). Datei korrigieren und erneut wählen; es wurde nichts importiert.',
      unclosedQuoteAt:
        'Um Zeile {{line}}: ein Wert in Anführungszeichen ist nicht richtig geschlossen (ein " in einem Wert muss doppelt stehen). Datei korrigieren und erneut wählen; es wurde nichts importiert.',
      unreadable:
        'Die Datei ließ sich nicht als CSV lesen. Datei korrigieren und erneut wählen; es wurde nichts importiert.',
      unreadableAt:
        'Um Zeile {{line}}: die Datei ließ sich nicht als CSV lesen. Datei korrigieren und erneut wählen; es wurde nichts importiert.',
      empty: 'Die Datei ist leer. Exportieren Sie das Sortiment, um die nötigen Spalten zu sehen.',
      header: 'Die erste Zeile muss die Spalten nennen: {{columns}} (name und price sind nötig).',
      headerMissing:
        'Die erste Zeile muss die Spalten nennen: {{columns}} (name und price sind nötig). Es fehlt: {{missing}}.',
      headerUnknown:
        'Die erste Zeile muss die Spalten nennen: {{columns}} (name und price sind nötig). Unbekannt: {{unknown}}.',
      headerMissingUnknown:
        'Die erste Zeile muss die Spalten nennen: {{columns}} (name und price sind nötig). Es fehlt: {{missing}}. Unbekannt: {{unknown}}.',
      tooMany:
        'Die Datei hat {{rows}} Artikel; die Kasse importiert höchstens {{most}} auf einmal. Bitte aufteilen.',
    },
  },
  reconciliation: {
    terminalGone: 'Dieses Kartenterminal ist nicht mehr beim Kartendienst.',
    noTotals:
      'Das Kartenterminal konnte seine Summen nicht liefern. Den Abgleich in einer Minute erneut versuchen.',
    differenceGone: 'Diese Abweichung gehört nicht zu diesem Abgleich.',
    alreadyNoted: 'Diese Abweichung hat schon eine Notiz.',
    checkGone: 'Dieser Abgleich ist nicht in der Kasse.',
    mismatch: {
      sales: 'Die Verkäufe des Kartenterminals weichen um {{amount}} von denen der Kasse ab',
      salesMoreOnMachine_one:
        'Die Verkäufe des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Verkauf mehr auf dem Kartenterminal)',
      salesMoreOnMachine_other:
        'Die Verkäufe des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Verkäufe mehr auf dem Kartenterminal)',
      salesMoreInTill_one:
        'Die Verkäufe des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Verkauf mehr in der Kasse)',
      salesMoreInTill_other:
        'Die Verkäufe des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Verkäufe mehr in der Kasse)',
      refunds: 'Die Erstattungen des Kartenterminals weichen um {{amount}} von denen der Kasse ab',
      refundsMoreOnMachine_one:
        'Die Erstattungen des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Erstattung mehr auf dem Kartenterminal)',
      refundsMoreOnMachine_other:
        'Die Erstattungen des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Erstattungen mehr auf dem Kartenterminal)',
      refundsMoreInTill_one:
        'Die Erstattungen des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Erstattung mehr in der Kasse)',
      refundsMoreInTill_other:
        'Die Erstattungen des Kartenterminals weichen um {{amount}} von denen der Kasse ab ({{count}} Erstattungen mehr in der Kasse)',
      countOnly: {
        salesMoreOnMachine_one:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: {{count}} Verkauf mehr auf dem Kartenterminal',
        salesMoreOnMachine_other:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: {{count}} Verkäufe mehr auf dem Kartenterminal',
        salesMoreInTill_one:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: {{count}} Verkauf mehr in der Kasse',
        salesMoreInTill_other:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: {{count}} Verkäufe mehr in der Kasse',
        refundsMoreOnMachine_one:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Erstattungen: {{count}} Erstattung mehr auf dem Kartenterminal',
        refundsMoreOnMachine_other:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Erstattungen: {{count}} Erstattungen mehr auf dem Kartenterminal',
        refundsMoreInTill_one:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Erstattungen: {{count}} Erstattung mehr in der Kasse',
        refundsMoreInTill_other:
          'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Erstattungen: {{count}} Erstattungen mehr in der Kasse',
      },
    },
    payment: {
      tillOnly: {
        payment: 'Die Kasse hat eine Kartenzahlung über {{amount}}, die das Kartenterminal nicht gezählt hat',
        paymentOnSale:
          'Die Kasse hat eine Kartenzahlung über {{amount}} (Verkauf {{receipt}}), die das Kartenterminal nicht gezählt hat',
        refund: 'Die Kasse hat eine Erstattung über {{amount}}, die das Kartenterminal nicht gezählt hat',
        refundOnSale:
          'Die Kasse hat eine Erstattung über {{amount}} (Verkauf {{receipt}}), die das Kartenterminal nicht gezählt hat',
      },
      notPaidInTill: {
        payment:
          'Das Kartenterminal hat {{amount}} für eine Kartenzahlung gebucht, die in der Kasse als nicht bezahlt steht',
        paymentOnSale:
          'Das Kartenterminal hat {{amount}} für eine Kartenzahlung (Verkauf {{receipt}}) gebucht, die in der Kasse als nicht bezahlt steht',
        refund:
          'Das Kartenterminal hat {{amount}} für eine Erstattung gebucht, die in der Kasse als nicht ausgeführt steht',
        refundOnSale:
          'Das Kartenterminal hat {{amount}} für eine Erstattung (Verkauf {{receipt}}) gebucht, die in der Kasse als nicht ausgeführt steht',
      },
      otherAmount: {
        payment: 'Das Kartenterminal hat {{machine}}, wo die Kasse eine Kartenzahlung über {{till}} hat',
        paymentOnSale:
          'Das Kartenterminal hat {{machine}}, wo die Kasse eine Kartenzahlung über {{till}} hat (Verkauf {{receipt}})',
        refund: 'Das Kartenterminal hat {{machine}}, wo die Kasse eine Erstattung über {{till}} hat',
        refundOnSale:
          'Das Kartenterminal hat {{machine}}, wo die Kasse eine Erstattung über {{till}} hat (Verkauf {{receipt}})',
      },
      otherType: {
        payment:
          'Das Kartenterminal hat {{machine}} als Erstattung, wo die Kasse eine Kartenzahlung über {{till}} hat',
        paymentOnSale:
          'Das Kartenterminal hat {{machine}} als Erstattung, wo die Kasse eine Kartenzahlung über {{till}} hat (Verkauf {{receipt}})',
        refund:
          'Das Kartenterminal hat {{machine}} als Verkauf, wo die Kasse eine Erstattung über {{till}} hat',
        refundOnSale:
          'Das Kartenterminal hat {{machine}} als Verkauf, wo die Kasse eine Erstattung über {{till}} hat (Verkauf {{receipt}})',
      },
    },
    oneSide: {
      onMachine: {
        sales_one: '{{count}} Verkauf über {{amount}} auf dem Kartenterminal ist nicht in der Kasse',
        sales_other: '{{count}} Verkäufe über {{amount}} auf dem Kartenterminal sind nicht in der Kasse',
        refunds_one: '{{count}} Erstattung über {{amount}} auf dem Kartenterminal ist nicht in der Kasse',
        refunds_other:
          '{{count}} Erstattungen über {{amount}} auf dem Kartenterminal sind nicht in der Kasse',
      },
      inTill: {
        sales_one: '{{count}} Verkauf über {{amount}} in der Kasse ist nicht auf dem Kartenterminal',
        sales_other: '{{count}} Verkäufe über {{amount}} in der Kasse sind nicht auf dem Kartenterminal',
        refunds_one: '{{count}} Erstattung über {{amount}} in der Kasse ist nicht auf dem Kartenterminal',
        refunds_other:
          '{{count}} Erstattungen über {{amount}} in der Kasse sind nicht auf dem Kartenterminal',
      },
    },
    manual: {
      matched: 'Zugeordnet: von Hand eingegebene Kartenzahlung bei Verkauf {{receipt}}, {{amount}}',
      matchedWithReference:
        'Zugeordnet: von Hand eingegebene Kartenzahlung bei Verkauf {{receipt}}, {{amount}}, Ref. {{reference}}',
      unmatched:
        'Nicht auf diesem Kartenterminal gefunden: von Hand eingegebene Kartenzahlung bei Verkauf {{receipt}}, {{amount}}',
      unmatchedWithReference:
        'Nicht auf diesem Kartenterminal gefunden: von Hand eingegebene Kartenzahlung bei Verkauf {{receipt}}, {{amount}}, Ref. {{reference}}',
    },
    detail: {
      tillOnlyPayment:
        'Das Kartenterminal führt sie als nicht durchgegangen. Prüfen Sie die Belegrolle des Kartenterminals und die Bank des Kunden und notieren Sie dann, was Sie gefunden haben.',
      notPaidInTill:
        'Der Kunde hat vielleicht doppelt bezahlt oder ist ohne zu bezahlen gegangen. Prüfen Sie den Verkauf und notieren Sie dann, was Sie getan haben.',
      otherOnMachine: 'Vergleichen Sie den Kartenbeleg mit dem Verkauf und notieren Sie dann, was stimmt.',
      salesOnMachineOnly:
        'Wahrscheinlich direkt am Kartenterminal eingegeben. Suchen Sie den Beleg, buchen Sie den Verkauf in der Kasse oder erfassen Sie ihn als von Hand eingegebene Kartenzahlung und notieren Sie dann, was Sie getan haben.',
      refundsOnMachineOnly:
        'Am Kartenterminal wurde direkt eine Erstattung gegeben. Suchen Sie den Beleg und notieren Sie den Grund.',
      inTillOnly:
        'Das Kartenterminal hat sie nicht gezählt. Prüfen Sie seine Belegrolle und die Verkäufe und notieren Sie dann, was Sie gefunden haben.',
      totals:
        'Vergleichen Sie den Bericht des Kartenterminals mit den Verkäufen der Kasse und notieren Sie dann, was Sie gefunden haben.',
      manualMatched:
        'Sie passt zu einem Verkauf auf dem Kartenterminal, den die Kasse nicht gestartet hat. Bestätigen Sie das mit einer Notiz.',
      manualUnmatched:
        'Sie wurde vielleicht an einem anderen Kartenterminal erfasst. Prüfen Sie den Beleg und notieren Sie dann, was Sie gefunden haben.',
    },
  },
  printing: {
    kind: {
      network: 'Netzwerkdrucker',
      usb: 'USB-Drucker',
      device: 'Linux-Gerätedrucker',
      preview: 'Vorschau am Bildschirm',
    },
    needs: {
      address: 'Drucker „{{printer}}“ braucht eine Adresse.',
      devicePath: 'Drucker „{{printer}}“ braucht einen Gerätepfad.',
      usbIds: 'Drucker „{{printer}}“ braucht eine USB-Hersteller- und Produktkennung.',
    },
    unknownConnection:
      'Die Verbindungsart eines Druckers kennt die Kasse nicht: bitte in den Einstellungen neu wählen.',
    twoTheSame: 'Zwei Drucker sind als derselbe Drucker eingerichtet: einen in den Einstellungen entfernen.',
    printerGone:
      'Dieser Drucker ist nicht mehr eingerichtet. Die Filialleitung kann in den Einstellungen einen wählen.',
    noReceipt: 'Die Kasse wusste nicht, welcher Beleg gedruckt werden soll: bitte erneut versuchen.',
    jobGone: 'Dieser Druckauftrag ist nicht mehr in der Warteschlange.',
    closed: 'Die Kasse wird beendet und druckt nichts mehr.',
    jobState: {
      queued: 'wartet auf den Druck',
      sending: 'wird gesendet',
      printed: 'gedruckt',
      held: 'angehalten',
      uncertain: 'unsicher',
      failed: 'fehlgeschlagen',
      cancelled: 'abgebrochen',
    },
    retryOnly:
      'Nur ein angehaltener oder fehlgeschlagener Druckauftrag kann wiederholt werden (dieser ist {{state}}).',
    cancelOnly: 'Ein Druckauftrag, der {{state}} ist, kann nicht abgebrochen werden.',
    reprintOnly:
      'Nur ein gedruckter oder unsicherer Beleg kann erneut gedruckt werden (dieser ist {{state}}).',
    diskFull: {
      job: 'Der Druckauftrag konnte nicht gespeichert werden: die Festplatte der Kasse ist voll. Nichts in der Warteschlange ging verloren.',
      reprint:
        'Der Nachdruck konnte nicht gespeichert werden: die Festplatte der Kasse ist voll. Nichts in der Warteschlange ging verloren.',
    },
    storageFailed: {
      job: 'Der Druckauftrag konnte nicht gespeichert werden: der Speicher der Kasse hatte einen Fehler. Nichts in der Warteschlange ging verloren.',
      reprint:
        'Der Nachdruck konnte nicht gespeichert werden: der Speicher der Kasse hatte einen Fehler. Nichts in der Warteschlange ging verloren.',
    },
  },
};
