// The staff area's side of the contract: signing in and out, the first manager, and the back
// office's list of people (managers only, checked here through the gate, which says who: the
// directory journals each change under their name).
import type { HandlersOf } from '../../../shared/contract/dispatch';
import type { ManagerGate } from '../manager-gate';
import { mayDo } from './rights';
import { memberView, type StaffRecord } from './store';

export function staffHandlers(gate: ManagerGate, onPeopleChanged: () => void): HandlersOf<'staff'> {
  const { directory, session } = gate;
  const changed = (person: StaffRecord) => {
    session.follow(person);
    // What they approved ends where their new role (or removal) no longer allows it.
    gate.revokeGrantsBy(person.id, (action) => person.active && mayDo(person.role, action));
    onPeopleChanged();
    return memberView(person);
  };
  return {
    'staff.session': () => gate.view(),
    'staff.signIn': async ({ staffId, pin }) => {
      const result = await gate.signIn(staffId, pin);
      return result.ok ? { ok: true as const, session: gate.view() } : result;
    },
    'staff.signOut': () => {
      session.signOut();
      return gate.view();
    },
    'staff.touch': () => {
      session.touch();
      return { ok: true as const };
    },
    'staff.inProgress': ({ tasks }) => {
      session.setInProgress(tasks);
      return { ok: true as const };
    },
    'staff.createFirstManager': async ({ name, pin }) => {
      await gate.createFirstManager(name, pin);
      onPeopleChanged();
      return gate.view();
    },
    'staff.list': () => {
      gate.require('back-office');
      return directory.store.list().map(memberView);
    },
    'staff.add': async (person) => {
      const by = gate.require('back-office');
      return changed(await directory.add(person, by));
    },
    'staff.update': async ({ staffId, ...change }) => {
      const by = gate.require('back-office');
      return changed(await directory.update(staffId, change, by));
    },
    'staff.remove': ({ staffId }) => {
      const by = gate.require('back-office');
      return changed(directory.remove(staffId, by));
    },
    'staff.setIdleSignOut': ({ minutes }) => {
      const by = gate.require('back-office');
      directory.setIdleSignOutMinutes(minutes, by);
      session.rearm();
      onPeopleChanged();
      return gate.view();
    },
  };
}
