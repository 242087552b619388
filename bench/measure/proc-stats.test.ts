import { describe, expect, it } from 'vitest';
import { cpuSecondsOfStat, rssBytesOfStatus } from './proc-stats';

describe('cpuSecondsOfStat', () => {
  it('adds user and system time when the command name holds spaces and parentheses', () => {
    const stat = '4242 (node (bench) x) S 1 4242 4242 0 -1 4194304 900 0 0 0 250 75 0 0 20 0 11 0 123 0 0';
    expect(cpuSecondsOfStat(stat)).toBe(3.25);
  });
});

describe('rssBytesOfStatus', () => {
  it('reads VmRSS in bytes', () => {
    expect(rssBytesOfStatus('Name:\tnode\nVmRSS:\t  123456 kB\nThreads:\t11\n')).toBe(123456 * 1024);
  });
});
