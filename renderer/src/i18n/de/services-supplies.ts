import type * as en from '../en/services-supplies';
import type { Wording } from '../wording-type';

const WIEDERHOLT = 'Wenn es wieder passiert, bitte den Lieferanten anrufen.';
const ERNEUT = 'Sie können sie erneut aufgeben.';

export const suppliesServices: Wording<typeof en.suppliesServices> = {
  supplier: {
    badKey:
      'Der Lieferant hat den API-Schlüssel der Kasse nicht angenommen. Eine Filialleitung kann ihn unter Einstellungen, Warenbestellung, prüfen.',
    busy: {
      seconds_one:
        'Beim Lieferanten gehen gerade zu viele Anfragen ein. In {{count}} Sekunde erneut versuchen.',
      seconds_other:
        'Beim Lieferanten gehen gerade zu viele Anfragen ein. In {{count}} Sekunden erneut versuchen.',
      minutes_one:
        'Beim Lieferanten gehen gerade zu viele Anfragen ein. In {{count}} Minute erneut versuchen.',
      minutes_other:
        'Beim Lieferanten gehen gerade zu viele Anfragen ein. In {{count}} Minuten erneut versuchen.',
    },
    maintenance: {
      later: 'Der Lieferant ist gerade wegen Wartung geschlossen. Später erneut versuchen.',
      seconds_one:
        'Der Lieferant ist gerade wegen Wartung geschlossen. In {{count}} Sekunde erneut versuchen.',
      seconds_other:
        'Der Lieferant ist gerade wegen Wartung geschlossen. In {{count}} Sekunden erneut versuchen.',
      minutes_one:
        'Der Lieferant ist gerade wegen Wartung geschlossen. In {{count}} Minute erneut versuchen.',
      minutes_other:
        'Der Lieferant ist gerade wegen Wartung geschlossen. In {{count}} Minuten erneut versuchen.',
    },
    ownProblem: 'Der Lieferant hat selbst ein Problem. In ein paar Minuten erneut versuchen.',
    refused: 'Der Lieferant hat die Anfrage abgelehnt.',
    notUnderstood: `Der Lieferant hat so geantwortet, dass die Kasse es nicht versteht. ${WIEDERHOLT}`,
    certificate:
      'Das Sicherheitszertifikat des Lieferanten wurde nicht angenommen, deshalb hat die Kasse keine Verbindung aufgebaut.',
    unreachable:
      'Der Lieferant ist nicht erreichbar. Bitte die Internetverbindung prüfen und erneut versuchen.',
    tooLarge: `Der Lieferant hat eine viel zu große Antwort geschickt, deshalb hat die Kasse aufgehört, sie zu lesen. ${WIEDERHOLT}`,
    tooSlow: 'Der Lieferant hat zu lange nicht geantwortet. Gleich erneut versuchen.',
    unreadable: `Der Lieferant hat eine Antwort geschickt, die die Kasse nicht lesen konnte. ${WIEDERHOLT}`,
    missing: {
      noProductList: 'Unter dieser Adresse hat der Lieferant keine Artikelliste.',
      noProduct: 'Der Lieferant führt diesen Artikel nicht mehr.',
      noOrderList: 'Unter dieser Adresse hat der Lieferant keine Bestellliste.',
      noOrder: 'Der Lieferant hat keine Bestellung mit dieser Nummer.',
      notAtAddress: 'Unter dieser Adresse wurde der Lieferant nicht gefunden.',
    },
    keyUnreadable:
      'Der API-Schlüssel des Lieferanten konnte nicht aus dem Schlüsselbund dieses Computers gelesen werden.',
    noKey:
      'Für den Lieferanten ist kein API-Schlüssel gespeichert. Eine Filialleitung kann ihn unter Einstellungen, Warenbestellung, eintragen.',
    notWebAddress: 'Die Adresse des Lieferanten in den Einstellungen ist keine Webadresse.',
    noLiveAddress: 'Es ist keine Adresse für den echten Lieferanten eingetragen.',
    field: {
      enter: {
        firstName: 'Bitte den Vornamen eingeben.',
        lastName: 'Bitte den Nachnamen eingeben.',
        companyName: 'Bitte den Firmennamen eingeben.',
        phoneNumber: 'Bitte die Telefonnummer eingeben.',
        lineOne: 'Bitte Adresszeile 1 eingeben.',
        lineTwo: 'Bitte Adresszeile 2 eingeben.',
        city: 'Bitte den Ort eingeben.',
        postalCode: 'Bitte die Postleitzahl eingeben.',
        country: 'Bitte das Land eingeben.',
        notes: 'Bitte die Lieferhinweise eingeben.',
      },
      refused: {
        firstName: 'Der Lieferant hat den Vornamen nicht angenommen: bitte prüfen.',
        lastName: 'Der Lieferant hat den Nachnamen nicht angenommen: bitte prüfen.',
        companyName: 'Der Lieferant hat den Firmennamen nicht angenommen: bitte prüfen.',
        phoneNumber: 'Der Lieferant hat die Telefonnummer nicht angenommen: bitte prüfen.',
        lineOne: 'Der Lieferant hat Adresszeile 1 nicht angenommen: bitte prüfen.',
        lineTwo: 'Der Lieferant hat Adresszeile 2 nicht angenommen: bitte prüfen.',
        city: 'Der Lieferant hat den Ort nicht angenommen: bitte prüfen.',
        postalCode: 'Der Lieferant hat die Postleitzahl nicht angenommen: bitte prüfen.',
        country: 'Der Lieferant hat das Land nicht angenommen: bitte prüfen.',
        notes: 'Der Lieferant hat die Lieferhinweise nicht angenommen: bitte prüfen.',
      },
      tooLong: {
        firstName: 'Der Vorname ist zu lang (höchstens {{max}} Zeichen).',
        lastName: 'Der Nachname ist zu lang (höchstens {{max}} Zeichen).',
        companyName: 'Der Firmenname ist zu lang (höchstens {{max}} Zeichen).',
        phoneNumber: 'Die Telefonnummer ist zu lang (höchstens {{max}} Zeichen).',
        lineOne: 'Adresszeile 1 ist zu lang (höchstens {{max}} Zeichen).',
        lineTwo: 'Adresszeile 2 ist zu lang (höchstens {{max}} Zeichen).',
        city: 'Der Ort ist zu lang (höchstens {{max}} Zeichen).',
        postalCode: 'Die Postleitzahl ist zu lang (höchstens {{max}} Zeichen).',
        country: 'Das Land ist zu lang (höchstens {{max}} Zeichen).',
        notes: 'Die Lieferhinweise sind zu lang (höchstens {{max}} Zeichen).',
      },
    },
    address: {
      countryCode: 'Bitte das Land als Code aus zwei Buchstaben wählen, z. B. DE für Deutschland.',
      postcode: 'Diese Postleitzahl passt nicht zu {{country}}.',
      phone:
        'Bitte eine Telefonnummer angeben, unter der der Kurier anrufen kann (Ziffern, Leerzeichen, + und Klammern).',
    },
    line: {
      outOfStock: '{{name}} ist beim Lieferanten nicht vorrätig: bitte aus der Bestellung nehmen.',
      notSold: '{{name}} wird vom Lieferanten nicht mehr verkauft: bitte aus der Bestellung nehmen.',
      quantity: 'Bitte die Menge von {{name}} prüfen.',
    },
    partRefused: 'Der Lieferant hat einen Teil der Bestellung abgelehnt.',
    refusedWithoutReason:
      'Der Lieferant hat die Bestellung ohne Begründung abgelehnt. Bitte prüfen und erneut versuchen.',
  },
  supplyOrder: {
    noRecord: 'Die Kasse hat keinen Eintrag zu diesem Bestellversuch.',
    addressFirst: 'Die Lieferadresse muss vor dem Bestellen noch geprüft werden.',
    repeat_one:
      'Dieselben Artikel wurden vor {{count}} Minute an dieselbe Adresse bestellt. Noch einmal bestellen?',
    repeat_other:
      'Dieselben Artikel wurden vor {{count}} Minuten an dieselbe Adresse bestellt. Noch einmal bestellen?',
    placed: 'Die Bestellung ist beim Lieferanten aufgegeben.',
    refused:
      'Der Lieferant hat die Bestellung nicht angenommen, es wurde also nichts bestellt. Bitte das Markierte korrigieren und die Bestellung dann erneut aufgeben.',
    notPlaced: 'Es wurde nichts bestellt. {{problem}}',
    sandboxRestarted: `Diese Bestellung war ein Versuch beim Test-Lieferanten, der seitdem neu gestartet ist, es wurde also nichts bestellt. ${ERNEUT}`,
    notAtSupplier: `Der Lieferant kennt die Bestellung, deren Antwort verloren ging, nicht, es wurde also nichts bestellt. ${ERNEUT}`,
    found:
      'Die Antwort des Lieferanten ging verloren, aber die Bestellung wurde beim Lieferanten gefunden: Sie ist aufgegeben, genau einmal.',
    wasNotPlaced: `Diese Bestellung wurde nicht aufgegeben. ${ERNEUT}`,
    isPlaced: 'Die Bestellung ist aufgegeben.',
    inDoubt: {
      current:
        'Die Antwort des Lieferanten auf eine Bestellung ist verloren gegangen, daher ist offen, ob sie aufgegeben wurde. Die Kasse sendet sie nicht von selbst noch einmal: Tippen Sie gleich auf „Erneut prüfen“.',
      sandbox:
        'Bei einer Bestellung an den Test-Lieferanten ist die Antwort verloren gegangen, daher ist offen, ob sie aufgegeben wurde. Stellen Sie die Nachbestellung in den Einstellungen wieder auf Test, um sie zu prüfen.',
      other:
        'Bei einer Bestellung an eine Lieferantenadresse, die nicht mehr in den Einstellungen steht, ist die Antwort verloren gegangen, daher ist offen, ob sie aufgegeben wurde. Tragen Sie diese Adresse wieder ein, um sie zu prüfen, oder fragen Sie diesen Lieferanten, bevor Sie dasselbe noch einmal bestellen.',
    },
    stillUnreachable:
      'Der Lieferant ist weiterhin nicht erreichbar, daher kann die Kasse noch nicht sagen, ob diese Bestellung aufgegeben wurde. Sie sendet sie nicht von selbst noch einmal. {{problem}}',
  },
};
