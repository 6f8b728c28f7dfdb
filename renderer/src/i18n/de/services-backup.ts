// Was die Sicherung über Schlüssel sendet (shared/backup-words.ts), auf Deutsch.
import type { BACKUP_WORDS } from '../../../../shared/backup-words';

export const backupServices: { backup: Record<keyof typeof BACKUP_WORDS, string> } = {
  backup: {
    done: 'Gesichert: {{sales}} Verkäufe, letzter Beleg {{receipt}}. Die Sicherung wurde geprüft und ist gut.',
    doneNoSales: 'Gesichert: die Kasse hat noch keine Verkäufe. Die Sicherung wurde geprüft und ist gut.',
    noFolder: 'Es ist kein Sicherungsordner eingestellt: eine Filialleitung wählt ihn unter Datensicherung.',
    sourceDamaged:
      'Keine Sicherung erstellt: die Kassendaten haben ihre Prüfung nicht bestanden, eine Kopie würde den Schaden mitnehmen. Die früheren Sicherungen sind unberührt. Bitten Sie die Betreuung der Kasse, die letzte gute Sicherung wiederherzustellen.',
    folderMissing:
      'Keine Sicherung erstellt: der Sicherungsordner ist nicht zu finden. USB-Stick einstecken oder den Netzwerkordner verbinden, dann erneut sichern. Die früheren Sicherungen sind unberührt.',
    folderFull:
      'Keine Sicherung erstellt: der Sicherungsordner ist voll. Platz darauf schaffen (oder einen größeren USB-Stick nehmen), dann erneut sichern. Die früheren Sicherungen sind unberührt.',
    folderNotWritable:
      'Keine Sicherung erstellt: die Kasse darf nicht in den Sicherungsordner schreiben. Anderen Ordner wählen oder die Betreuung dieses Computers fragen. Die früheren Sicherungen sind unberührt.',
    checkFailed:
      'Die Sicherung wurde geschrieben, hat aber ihre Prüfung nicht bestanden und wurde nicht behalten. Erneut sichern; schlägt es wieder fehl, einen anderen USB-Stick oder Ordner nehmen. Die früheren Sicherungen sind unberührt.',
    failed:
      'Die Sicherung konnte nicht erstellt werden. Erneut sichern; schlägt es wieder fehl, einen anderen USB-Stick oder Ordner nehmen. Die früheren Sicherungen sind unberührt.',
    running: 'Es läuft schon eine Sicherung: warten Sie, bis sie fertig ist.',
    folderNotAbsolute: 'Geben Sie den ganzen Ordner ein, mit Laufwerksbuchstaben oder erstem Schrägstrich.',
    folderNotFound:
      'Dieser Ordner ist nicht zu finden: USB-Stick einstecken oder den Netzwerkordner verbinden, dann erneut versuchen.',
    folderNotAFolder: 'Das ist eine Datei, kein Ordner: geben Sie den Ordner für die Sicherungen ein.',
    folderRefusesWrites:
      'Die Kasse kann nicht in diesen Ordner schreiben: wählen Sie einen anderen oder fragen Sie die Betreuung dieses Computers.',
    folderIsDataFolder:
      'Das ist der eigene Datenordner der Kasse: eine Sicherung gehört woandershin (USB-Stick oder Netzwerkordner), sonst nimmt eine kaputte Festplatte beides mit.',
    neverMade:
      'Von den Kassendaten gibt es noch keine Sicherung. Eine Filialleitung stellt unter Datensicherung einen Ordner ein und sichert.',
    stale:
      'Die letzte gute Sicherung ist {{days}} Tage alt. Eine Filialleitung sichert jetzt unter Datensicherung.',
    staleFailing:
      'Die letzte gute Sicherung ist {{days}} Tage alt, und der letzte Versuch ist fehlgeschlagen. Eine Filialleitung sieht unter Datensicherung nach dem Grund und sichert erneut.',
    neverFailing:
      'Von den Kassendaten gibt es keine gute Sicherung: der letzte Versuch ist fehlgeschlagen. Eine Filialleitung sieht unter Datensicherung nach dem Grund und sichert erneut.',
    notABackup: 'Diese Datei ist keine Paydesk-Sicherung: wählen Sie eine andere.',
    damaged: 'Diese Sicherung ist beschädigt (sie hat ihre Prüfung nicht bestanden): wählen Sie eine ältere.',
    incomplete:
      'Diese Sicherung ist unvollständig (sie enthält nicht, was sie angibt): wählen Sie eine andere.',
    newerTill:
      'Diese Sicherung stammt von einer neueren Paydesk-Version: aktualisieren Sie zuerst diese Kasse.',
    unreadable:
      'Diese Sicherung ist nicht lesbar: prüfen Sie, ob der USB-Stick oder Netzwerkordner verbunden ist.',
    listFolderMissing:
      'Dieser Ordner ist nicht zu finden: USB-Stick einstecken oder den Netzwerkordner verbinden, dann erneut suchen.',
    noneFound: 'In diesem Ordner sind keine Paydesk-Sicherungen.',
    tillHasSales:
      'Diese Kasse hat schon {{sales}} Verkäufe (letzter Beleg {{receipt}}). Wiederherstellen ersetzt sie durch die Daten der Sicherung: eine Filialleitung setzt „Die Verkäufe dieser Kasse ersetzen“ nur, wenn sie sicher ist, und stellt dann erneut wieder her.',
    restartToRestore:
      'Diese Kasse kann im laufenden Betrieb nicht wiederherstellen. Bitten Sie die Betreuung dieses Computers, sie mit der Sicherung neu zu starten.',
    nothingMissing: 'Es fehlen keine Verkäufe: es gibt nichts zu bestätigen.',
  },
};
