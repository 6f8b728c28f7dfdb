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

/** CPU ms used so far by every process below `root` (not `root` itself), alive now. */
export function descendantsCpuMs(root: number): number {
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
  let total = 0;
  for (const [pid, times] of all) if (below(pid)) total += times.cpuMs;
  return total;
}
