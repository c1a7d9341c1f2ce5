import os from 'node:os';

/** The machine a benchmark ran on, printed with every run so figures can be compared honestly. */
export function machineBaseline() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

export function printBaseline(baseline = machineBaseline()) {
  console.log(`Date:     ${baseline.date}`);
  console.log(`Machine:  ${baseline.cpu}, ${baseline.cores} cores, ${baseline.memoryGb} GB RAM`);
  console.log(`Node:     ${baseline.node} on ${baseline.platform}`);
  return baseline;
}
