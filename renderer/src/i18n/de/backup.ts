// Datensicherung (docs/backups.md): sichern, wiederherstellen, fehlende Verkäufe.
import type { Catalogue } from '../en';
import type { Wording } from '../wording-type';

export const backup: Wording<Catalogue['backup']> = {
  screenTitle: 'Datensicherung',
  title: 'Die Kassendaten sichern',
  intro:
    'Verkäufe, Erstattungen, Schichten und Z-Berichte liegen nur auf diesem Computer. Sichern Sie sie auf einen USB-Stick oder einen Netzwerkordner: jede Nacht und jetzt.',
  lastGood: 'Letzte gute Sicherung: {{when}}, {{sales}} Verkäufe, letzter Beleg {{receipt}}.',
  noReceipt: 'noch keiner',
  noGoodYet: 'Es gibt noch keine gute Sicherung.',
  lastFailed: 'Der letzte Versuch ({{when}}) ist fehlgeschlagen:',
  next: 'Nächste Sicherung: {{when}}.',
  folder: 'Sicherungsordner',
  folderHint:
    'Der ganze Ordner, mit Laufwerksbuchstaben oder erstem Schrägstrich. Nicht auf der Festplatte dieses Computers.',
  keep: 'Aufzubewahrende Sicherungen',
  keepHint: 'Ältere werden entfernt, sobald eine neue Sicherung geprüft ist.',
  keepUnreadable: 'Aufzubewahrende Sicherungen: eine ganze Zahl von 1 bis 365.',
  nightly: 'Jede Nacht sichern',
  nightlyHint: 'Um 3 Uhr nachts; eine dann ausgeschaltete Kasse sichert bald nach dem Start.',
  saved: 'Gespeichert.',
  now: 'Jetzt sichern',
  running: 'Sicherung läuft…',
  restoreTitle: 'Aus einer Sicherung wiederherstellen',
  restoreIntro:
    'Ersetzt die Daten dieser Kasse durch die einer Sicherung. Für einen neuen Computer oder nach einem Festplattenschaden. Passwörter und Schlüssel sind nicht in einer Sicherung: danach neu eingeben.',
  restoreIntroNew:
    'Eine neue Kasse? Starten Sie sie mit der letzten Sicherung der alten: Ordner eingeben, suchen, Sicherung wählen. Passwörter und Schlüssel sind nicht in einer Sicherung: danach neu eingeben.',
  pending:
    'Die Kasse wurde mit einer Sicherung zum Wiederherstellen gestartet, hat aber schon Verkäufe: eine Filialleitung entscheidet unten.',
  restoreFolder: 'Ordner mit den Sicherungen',
  look: 'Sicherungen suchen',
  choose: 'Sicherung wählen',
  found: '{{when}}: {{sales}} Verkäufe, letzter Beleg {{receipt}}',
  replace: 'Die Verkäufe dieser Kasse ersetzen',
  replaceHint:
    'Nur wenn Sie sicher sind: die jetzigen Verkäufe werden beiseitegelegt, die der Sicherung kommen zurück.',
  restore: 'Wiederherstellen',
  restored: 'Wiederhergestellt: {{sales}} Verkäufe sind zurück. Der nächste Beleg ist {{next}}.',
  enterAgain: 'Anmeldung in den Einstellungen neu eingeben für: {{services}}.',
  gapAfterRestore:
    'Nach dieser Sicherung nummerierte Verkäufe fehlen ({{count}}): eine Filialleitung bestätigt die Lücke mit ihrer PIN auf dieser Seite.',
  carryOn: 'Weiter',
  summary: {
    title: 'Datensicherung',
    intro:
      'Die Kasse sichert ihre Daten auf einen USB-Stick oder einen Netzwerkordner, jede Nacht und auf Knopfdruck.',
    open: 'Datensicherung öffnen',
  },
  firstStart: {
    title: 'Neue Kasse oder Umzug von einem anderen PC?',
    text: 'Hat dieses Geschäft Paydesk auf einem anderen Computer benutzt, stellen Sie hier dessen letzte Sicherung wieder her: Verkäufe, Belegnummern, Personal und Artikel gehen weiter. Sonst fangen Sie neu an. Verkaufen können Sie so oder so sofort.',
    restore: 'Aus einer Sicherung wiederherstellen',
    startFresh: 'Neu anfangen',
  },
  missing: {
    title: 'In den Kassendaten fehlen Verkäufe',
    what: 'Die Kasse hat die Belege {{first}} bis {{last}} ({{count}}) ausgegeben, ihre Daten enthalten sie aber nicht mehr (eine ältere Sicherung oder ein Festplattenschaden).',
    todo: 'Stellen Sie die neueste Sicherung wieder her, die sie enthält (unten). Gibt es keine, bestätigt eine Filialleitung, dass sie verloren sind: die Papierbelege sind der Nachweis, die Nummerierung geht nach {{last}} weiter.',
    formLabel: 'Fehlende Verkäufe bestätigen',
    pin: 'PIN der Filialleitung',
    accept: 'Fehlende Verkäufe bestätigen',
    accepted:
      'Bestätigt. Die Kasse verkauft wieder, die Nummerierung geht nach dem letzten ausgegebenen Beleg weiter.',
  },
};
