import type * as en from '../en/approval';
import type { Wording } from '../wording-type';

export const approval: Wording<typeof en.approval> = {
  needs: {
    refund: 'Eine Erstattung braucht die Schichtleitung oder Filialleitung.',
    'z-report': 'Ein Z-Bericht oder Tagesabschluss braucht die Schichtleitung oder Filialleitung.',
    override: 'Diese Ausnahme braucht die Schichtleitung oder Filialleitung.',
    'price-override': 'Einen Preis an der Kasse zu ändern braucht die Schichtleitung oder Filialleitung.',
    discount: 'Ein so hoher Rabatt braucht die Schichtleitung oder Filialleitung.',
    'no-sale': 'Die Lade ohne Verkauf zu öffnen braucht die Schichtleitung oder Filialleitung.',
    'back-office': 'Die Verwaltung braucht die Filialleitung.',
    settings: 'Einstellungen zu ändern braucht die Filialleitung.',
    reconcile: 'Den Abgleich der Kartenterminals mit der Kasse braucht die Filialleitung.',
    quit: 'Paydesk zu beenden braucht die Schichtleitung oder Filialleitung.',
  },
  label: {
    supervisor: 'Freigabe durch Schichtleitung oder Filialleitung',
    manager: 'Freigabe durch die Filialleitung',
  },
  pinOf: { supervisor: 'PIN der Schichtleitung oder Filialleitung', manager: 'PIN der Filialleitung' },
  tapName: 'Wer gibt frei? Tippen Sie auf Ihren Namen und geben Sie Ihre PIN ein.',
  whoApproves: 'Wer gibt frei',
  approve: 'Freigeben',
  first: {
    label: 'Erste Filialleitung anlegen',
    intro:
      'Diese Kasse hat noch keine Filialleitung. Legen Sie die erste an: Sie kann dann dies freigeben und das Personal einrichten.',
    name: 'Name der Filialleitung',
    pin: 'Ihre PIN (4 bis 8 Ziffern)',
    again: 'Die PIN noch einmal',
    create: 'Filialleitung anlegen',
  },
};
