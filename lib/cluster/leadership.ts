/**
 * What this instance does while it leads: the duties a term starts (the stats
 * poller and the upstream subscription) and the channel they publish through.
 * Each term gets duties of its own, started when it begins and stopped the
 * moment it ends; a new term's duties start only after the last ones stopped.
 */
import type { Logger } from '@/lib/log';
import type { QueueStats } from '@/lib/telephony';
import type { LeaderElection, LeaderTerm } from './leader-election';
import type { LeaderHealth } from './log-entry-schemas';
import type { LogWriter } from './log-writer';
import { leaseValue } from './redis-lease';
import type { WebhookActivity } from './replica';

interface LeaderChannel {
  /** False once the term is over: check it right before each upstream request. */
  holds(): boolean;
  publishStats(stats: QueueStats[], at: number): void;
  publishHealth(health: LeaderHealth, signingSecret: string | null): void;
}

interface LeaderDuties {
  start(): Promise<void>;
  /** Stops acting. The upstream subscription stays: the next leader renews the same one. */
  stop(): Promise<void>;
  /** A delivery some instance accepted, for the subscription's silence watchdog. */
  noteWebhook(activity: WebhookActivity): void;
}

export type StartLeaderDuties = (channel: LeaderChannel) => LeaderDuties;

interface LeadershipDeps {
  election: LeaderElection;
  /** This instance's name in the lease. */
  owner: string;
  writer: Pick<LogWriter, 'appendAsLeader'>;
  startDuties: StartLeaderDuties;
  now: () => number;
  log: Logger;
}

export interface Leadership {
  noteWebhook(activity: WebhookActivity): void;
  /** Gives the lease up at once, then waits for the duties to stop. */
  stepDown(): Promise<void>;
}

export function runLeadership(deps: LeadershipDeps): Leadership {
  const { election, log } = deps;
  let duties: { duties: LeaderDuties; ended: boolean } | null = null;
  // The duties' starts and stops in order: a term's duties start only once the previous term's stopped.
  let turns: Promise<void> = Promise.resolve();

  function channelFor(term: LeaderTerm): LeaderChannel {
    const value = leaseValue(deps.owner, term.token);
    function publish(entry: Parameters<LogWriter['appendAsLeader']>[1]): void {
      if (!term.holds()) return;
      deps.writer.appendAsLeader(value, entry).then(
        (accepted) => {
          if (!accepted) log.warn({ fence: term.token, kind: entry.kind }, 'the live log refused a write: this instance no longer holds the lease');
        },
        (error: unknown) => log.error({ err: error, kind: entry.kind }, 'publishing to the live log failed'),
      );
    }
    return {
      holds: () => term.holds(),
      publishStats: (stats, at) => publish({ kind: 'stats', at, fence: term.token, stats }),
      publishHealth: (health, signingSecret) => publish({ kind: 'health', at: deps.now(), fence: term.token, health, signingSecret }),
    };
  }

  election.onChange((term) => {
    const ending = duties;
    duties = null;
    if (ending) {
      ending.ended = true;
      // At once, not after the term's start finished: a start can take a while (token, subscription),
      // and its poller would keep trying, refused by the gate, meanwhile.
      const stopped = ending.duties.stop().catch((error: unknown) => log.error({ err: error }, 'stopping leader duties failed'));
      turns = Promise.all([turns, stopped]).then(() => undefined);
    }
    if (!term) return;
    const starting = { duties: deps.startDuties(channelFor(term)), ended: false };
    duties = starting;
    // A term that ended before its turn came never starts: its stop already ran.
    turns = turns
      .then(() => (starting.ended ? undefined : starting.duties.start()))
      .catch((error: unknown) => log.error({ err: error }, 'starting leader duties failed'));
  });
  election.start();

  return {
    noteWebhook: (activity) => duties?.duties.noteWebhook(activity),
    async stepDown() {
      await election.release();
      await turns;
    },
  };
}
