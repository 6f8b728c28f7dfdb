// CPU time used by a tree of processes, read from Linux's /proc: what a start costs the machine in
// all (the browser's processes and the host together), beside how long it takes.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  parent: number;
  /** User and system time of the process's threads so far, in ms. */
  cpuMs: number;
}

function readProcess(pid: number): ProcessTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return { parent: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // ended meanwhile
  }
}

/** CPU ms used so far by the process `pid` (all its threads); NaN once it has ended. */
export function processCpuMs(pid: number): number {
  return readProcess(pid)?.cpuMs ?? NaN;
}

/** CPU ms used so far by each process below `root` (not `root` itself) alive now, by pid. */
export function descendantsCpu(root: number): Map<number, number> {
  const all = new Map<number, ProcessTimes>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const times = readProcess(Number(name));
    if (times) all.set(Number(name), times);
  }
  const below = (pid: number): boolean => {
    for (let p = all.get(pid)?.parent; p !== undefined && p > 1; p = all.get(p)?.parent)
      if (p === root) return true;
    return false;
  };
  const cpu = new Map<number, number>();
  for (const [pid, times] of all) if (below(pid)) cpu.set(pid, times.cpuMs);
  return cpu;
}

/**
 * CPU ms the processes of `now` used since `before` (a new one all of its time). A process that
 * ended in between is left out, its last moments with it: subtracting what it had used before
 * (a closed page's renderer, say) would make the sum too small by all of that.
 */
export function cpuUsedSince(before: Map<number, number>, now: Map<number, number>): number {
  let used = 0;
  for (const [pid, cpuMs] of now) used += cpuMs - (before.get(pid) ?? 0);
  return used;
}
