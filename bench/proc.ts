/**
 * What a process has used, read from Linux's /proc: the benchmark's per-request CPU figures and
 * resident memory. CPU time counts only the process's own work, so it hardly depends on how busy
 * the rest of the machine is, unlike requests per second.
 */
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** stat's fields after the command name: field 3 (state) is [0], utime (14) [11], stime (15) [12], cutime (16) [13], cstime (17) [14]. */
function statFields(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text
    .slice(text.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

/** User plus system CPU milliseconds the process has used so far. */
export function cpuMs(pid: number): number {
  const f = statFields(pid);
  return ((f[11] + f[12]) * 1000) / TICKS;
}

/**
 * CPU milliseconds a PostgreSQL cluster has used so far: its postmaster, every live child
 * (backends, background workers) and the children that have exited (their time is added to the
 * postmaster's cutime/cstime when it reaps them), so backends that come and go are counted too.
 */
export function clusterCpuMs(postmasterPid: number): number {
  const f = statFields(postmasterPid);
  let ticks = f[11] + f[12] + f[13] + f[14];
  const children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  for (const child of children) {
    try {
      const c = statFields(Number(child));
      ticks += c[11] + c[12];
    } catch {
      // exited meanwhile: its time is in the postmaster's cutime/cstime from now on
    }
  }
  return (ticks * 1000) / TICKS;
}

/** Resident memory now and at its peak, in MB. */
export function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** The whole machine's CPU milliseconds so far (every core, /proc/stat): busy, stolen by the hypervisor, and in all. */
export function machineMs(): { busy: number; steal: number; total: number } {
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy: (busy * 1000) / TICKS, steal: (steal * 1000) / TICKS, total: ((busy + idle + iowait + steal) * 1000) / TICKS };
}

/** Between two readings of machineMs: the shares of the machine's time busy and stolen. */
export function machineShare(before: ReturnType<typeof machineMs>, after: ReturnType<typeof machineMs>): { busy: number; steal: number } {
  const total = after.total - before.total || 1;
  return { busy: (after.busy - before.busy) / total, steal: (after.steal - before.steal) / total };
}
