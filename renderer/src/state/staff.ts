// Who is serving, as the services say (the renderer never claims an identity): the sign-in
// screen, the cashier switch in the top bar and the back office's Staff tab read and change it
// here. Activity (keys, taps) is reported at most once a minute so the idle sign-out restarts,
// and what the person is in the middle of (a cash count, a report, a card check) so it waits.
import { create } from 'zustand';
import type {
  StaffMemberView,
  StaffRole,
  StaffSessionView,
  StaffTask,
  TillApi,
} from '../../../shared/contract';
import { disconnectedTill } from '../bridge/contract-client';
import { till } from '../till';
import { describeCallError } from './call-errors';
import { wordsText } from '../i18n/words';

const TOUCH_EVERY_MS = 60_000;

export interface StaffState {
  session: StaffSessionView | null;
  /** The back office's list (managers only); null until loaded. */
  people: StaffMemberView[] | null;
  /** The cashier asked to switch: the sign-in screen shows over a signed-in till. */
  switching: boolean;
  busy: boolean;
  problem: string | null;
  notice: string | null;
  refresh(): Promise<void>;
  apply(session: StaffSessionView): void;
  startSwitch(): void;
  cancelSwitch(): void;
  /** True once signed in; a refused PIN leaves the services' words in `problem`. */
  signIn(staffId: string, pin: string): Promise<boolean>;
  signOut(): Promise<void>;
  createFirstManager(name: string, pin: string): Promise<boolean>;
  /** The person used the till: tells the services, at most once a minute. */
  touch(now: number): void;
  /**
   * A part of the screens (`source`) says what it is in the middle of, or null once done; the
   * services hold the idle sign-out while anything is. Sent only when the whole set changes.
   */
  setWorking(source: string, task: StaffTask | null): void;
  /** Sends what is in progress now, even if unchanged (at start, so nothing stale stays held). */
  sendWorking(): void;
  loadPeople(): Promise<void>;
  addPerson(person: { name: string; role: StaffRole; pin: string }): Promise<boolean>;
  updatePerson(staffId: string, change: { name?: string; role?: StaffRole; pin?: string }): Promise<boolean>;
  removePerson(staffId: string): Promise<void>;
  setIdleMinutes(minutes: number): Promise<void>;
}

export function createStaffStore(api: TillApi) {
  let lastTouch = 0;
  const working = new Map<string, StaffTask>();
  let sent: string | null = null;
  const tasksNow = () => [...new Set(working.values())].sort();
  return create<StaffState>((set, get) => {
    /** Runs a change; a refusal is kept in words. Returns whether it went through. */
    const run = async (work: () => Promise<unknown>, notice: string | null = null): Promise<boolean> => {
      set({ busy: true, problem: null, notice: null });
      try {
        await work();
        set({ notice });
        return true;
      } catch (error) {
        set({ problem: describeCallError(error) });
        return false;
      } finally {
        set({ busy: false });
      }
    };
    return {
      session: null,
      people: null,
      switching: false,
      busy: false,
      problem: null,
      notice: null,
      async refresh() {
        await api
          .invoke('staff.session', {})
          .then((session) => get().apply(session))
          .catch(() => undefined);
      },
      apply(session) {
        const changedPerson = session.signedIn?.id !== get().session?.signedIn?.id;
        set({ session, ...(changedPerson && { switching: false }) });
      },
      startSwitch: () => set({ switching: true, problem: null }),
      cancelSwitch: () => set({ switching: false, problem: null }),
      async signIn(staffId, pin) {
        set({ busy: true, problem: null });
        try {
          const result = await api.invoke('staff.signIn', { staffId, pin });
          if (!result.ok) {
            set({ problem: wordsText(result.words, result.message) });
            return false;
          }
          set({ switching: false });
          get().apply(result.session);
          return true;
        } catch (error) {
          set({ problem: describeCallError(error) });
          return false;
        } finally {
          set({ busy: false });
        }
      },
      async signOut() {
        await run(async () => get().apply(await api.invoke('staff.signOut', {})));
      },
      createFirstManager: (name, pin) =>
        run(async () => get().apply(await api.invoke('staff.createFirstManager', { name, pin }))),
      touch(now) {
        if (!get().session?.signedIn || now - lastTouch < TOUCH_EVERY_MS) return;
        lastTouch = now;
        void api.invoke('staff.touch', {}).catch(() => undefined);
      },
      setWorking(source, task) {
        if (task) working.set(source, task);
        else working.delete(source);
        if (JSON.stringify(tasksNow()) !== sent) get().sendWorking();
      },
      sendWorking() {
        const tasks = tasksNow();
        sent = JSON.stringify(tasks);
        void api.invoke('staff.inProgress', { tasks }).catch(() => undefined);
      },
      async loadPeople() {
        await run(async () => set({ people: await api.invoke('staff.list', {}) }));
      },
      addPerson: (person) =>
        run(async () => {
          await api.invoke('staff.add', person);
          set({ people: await api.invoke('staff.list', {}) });
        }, `${person.name.trim()} was added.`),
      updatePerson: (staffId, change) =>
        run(async () => {
          await api.invoke('staff.update', { staffId, ...change });
          set({ people: await api.invoke('staff.list', {}) });
        }, 'Saved.'),
      removePerson: async (staffId) => {
        await run(async () => {
          await api.invoke('staff.remove', { staffId });
          set({ people: await api.invoke('staff.list', {}) });
        }, 'Removed: they can no longer sign in.');
      },
      setIdleMinutes: async (minutes) => {
        await run(async () => get().apply(await api.invoke('staff.setIdleSignOut', { minutes })), 'Saved.');
      },
    };
  });
}

export type StaffStore = ReturnType<typeof createStaffStore>;

/**
 * Whether the sign-in screen covers the till: staff are set up and nobody serves (at start, after
 * the idle sign-out, after signing out), or the cashier asked to switch.
 */
export function signInNeeded(state: Pick<StaffState, 'session' | 'switching'>): boolean {
  return Boolean(state.session?.staffSetUp && (!state.session.signedIn || state.switching));
}

export const useStaff = createStaffStore(till ?? disconnectedTill);

/** Follows the services' word on who is serving; returns the unsubscribe. */
export function followStaff(api: TillApi, store: StaffStore = useStaff): () => void {
  void store.getState().refresh();
  store.getState().sendWorking();
  return api.on('staff.changed', (session) => store.getState().apply(session));
}
